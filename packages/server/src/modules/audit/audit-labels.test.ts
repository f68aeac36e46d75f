import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.js';
import { fieldLabel, formatAuditValue, isTechnicalField } from './audit-values.js';

/**
 * The Protokoll names every field of the records it logs in German (decision 0634):
 * a column added to an audited table without a label would show its code name
 * ("paymentMethod") to the office. The tables are those whose rows are audited field by field.
 */
const AUDITED_TABLES = [
  'admins',
  'balanceAlertSettings',
  'billingSettings',
  'customers',
  'dashboardSettings',
  'directDebitSettings',
  'hourPackages',
  'invoices',
  'payments',
  'products',
  'projects',
  'providerSettings',
  'referralSettings',
  'securitySettings',
  'sepaMandates',
  'subscriptions',
  'subscriptionTemplates',
  'timeEntries',
  'wikiCategories',
  'wikiEntries',
  'wikiFiles',
] as const satisfies ReadonlyArray<keyof typeof schema>;

describe('the Protokoll in words', () => {
  it('has a German label for every field of every audited table', () => {
    const missing: string[] = [];
    for (const table of AUDITED_TABLES) {
      // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a test; nothing here is bundled.
      for (const field of Object.keys(getTableColumns(schema[table]))) {
        if (isTechnicalField(field)) continue;
        if (fieldLabel(field) === field) missing.push(`${table}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('shows an unknown birthdate as nothing, never as 01.01.1970', () => {
    expect(formatAuditValue('birthdate', '1970-01-01')).toBeNull();
    expect(formatAuditValue('partner_birthdate', '1970-01-01')).toBeNull();
    expect(formatAuditValue('birthdate', '1984-03-02')).toBe('02.03.1984');
  });

  it('names coded values in German', () => {
    expect(formatAuditValue('paymentMethod', 'lastschrift')).toBe('SEPA-Lastschrift');
    expect(formatAuditValue('payment_method', 'ueberweisung')).toBe('Überweisung');
    expect(formatAuditValue('method', 'bar')).toBe('Bar');
    expect(formatAuditValue('status', 'revoked')).toBe('Widerrufen');
    expect(formatAuditValue('kind', 'reversal')).toBe('Storno einer Buchung');
    expect(formatAuditValue('amount', '240')).toBe('€\u00a0240,00');
    expect(fieldLabel('creditor_id')).toBe('Gläubiger-ID');
    expect(isTechnicalField('creditorId')).toBe(false);
  });
});
