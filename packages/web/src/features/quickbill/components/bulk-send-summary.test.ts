import { describe, expect, it } from 'vitest';
import { bulkSendSummary, customerList } from './bulk-send-summary';

const row = (id: number, status: any, total: number, customer: string) => ({
  id,
  invoice_number: status === 'draft' ? null : `2026-${String(id).padStart(4, '0')}`,
  customer_name: customer,
  total_gross: total,
  status,
});

describe('bulk send summary', () => {
  it('counts what is sent, sums it in cents and names paid and cancelled ones as skipped', () => {
    const summary = bulkSendSummary([
      row(1, 'draft', 0.1, 'Maria Gruber'),
      row(2, 'sent', 0.2, 'Johann Huber'),
      row(3, 'paid', 100, 'Anna Berger'),
      row(4, 'draft', 1234.5, 'Maria Gruber'),
      row(5, 'cancelled', 7, 'Zita Ziegler'),
    ]);
    expect(summary.sendable.map((r) => r.id)).toEqual([1, 2, 4]);
    expect(summary.total).toBe(1234.8);
    expect(summary.drafts).toBe(2);
    expect(summary.customers).toEqual(['Johann Huber', 'Maria Gruber']);
    expect(summary.skipped.map((s) => [s.row.id, s.reason])).toEqual([
      [3, 'bereits bezahlt'],
      [5, 'storniert'],
    ]);
  });

  it('names up to three customers and counts the rest', () => {
    expect(customerList(['A'])).toBe('A');
    expect(customerList(['A', 'B'])).toBe('A und B');
    expect(customerList(['A', 'B', 'C'])).toBe('A, B und C');
    expect(customerList(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C und 2 weitere');
  });
});
