import type { PackageChangeOptions } from '@butler/contract/subscription-requests';
import { describe, expect, it } from 'vitest';
import {
  packageChangeBody,
  packageChangeErrors,
  packageChangeStart,
  sameAsNow,
  validHours,
} from './package-change-rules';

const options = (templateId: number | null): PackageChangeOptions => ({
  subscription: {
    id: 1,
    template_id: templateId,
    template_name: 'Classic',
    monthly_hours: 10,
    monthly_price: 500,
    start_date: '2026-01-01',
    end_date: '2026-12-31',
  },
  templates: [
    { id: 3, name: 'Classic', duration_months: 12, price_per_hour: 50, monthly_trips: null },
    { id: 4, name: 'Premium', duration_months: 6, price_per_hour: 60, monthly_trips: 4 },
  ],
  hours_step: 0.5,
  change: { possible: true, reason: null, effective_from: '2026-04-01' },
  renew: {
    possible: true,
    reason: null,
    start_date: '2027-01-01',
    end_date: '2027-12-31',
    template_name: 'Classic',
    monthly_hours: 10,
    monthly_price: 500,
  },
  open: null,
  last_answer: null,
});

describe('"Paket ändern" in the lounge (decision 0851)', () => {
  it('starts with the running template and hours, or the first offered template when that is not offered', () => {
    expect(packageChangeStart(options(4))).toEqual({ template: '4', hours: 10, message: '' });
    expect(packageChangeStart(options(99))).toEqual({ template: '3', hours: 10, message: '' });
  });

  it('takes hours as the staff form does: more than 0, steps of 0,5, at most 10.000, comma or point', () => {
    expect(validHours('12,5', 0.5)).toBe(12.5);
    expect(validHours(12.3, 0.5)).toBeNull();
    expect(validHours(0, 0.5)).toBeNull();
    expect(validHours(10_000.5, 0.5)).toBeNull();
  });

  it('says what to fix: a package, hours, and not the same as now', () => {
    const o = options(3);
    expect(packageChangeErrors({ template: null, hours: '', message: '' }, o)).toEqual({
      template: 'Bitte ein Paket wählen.',
      hours: 'Bitte die monatlichen Stunden angeben.',
    });
    expect(packageChangeErrors({ template: '3', hours: 10, message: '' }, o).hours).toBe(
      'Das sind dieselben Stunden im selben Paket wie jetzt.',
    );
    expect(packageChangeErrors({ template: '4', hours: 10, message: '' }, o)).toEqual({});
  });

  it('names the exact problem with the hours, in the server’s words', () => {
    const o = options(3);
    const hours = (value: number | string) =>
      packageChangeErrors({ template: '4', hours: value, message: '' }, o).hours;
    expect(hours(7.2)).toBe('Die Stunden müssen ein Vielfaches von 0,5 sein');
    expect(hours('7,3')).toBe('Die Stunden müssen ein Vielfaches von 0,5 sein');
    expect(hours(10_000.5)).toBe('Höchstens 10.000 Stunden');
    expect(hours(0)).toBe('Die Stunden müssen größer als 0 sein');
    expect(hours('abc')).toBe('Bitte die monatlichen Stunden angeben.');
  });

  it('knows when the choice is still the running ButlerPaket (the dialog then shows no price and no error)', () => {
    const o = options(3);
    expect(sameAsNow({ template: '3', hours: 10, message: '' }, o)).toBe(true);
    expect(sameAsNow({ template: '3', hours: '10,0', message: '' }, o)).toBe(true);
    expect(sameAsNow({ template: '3', hours: 10.5, message: '' }, o)).toBe(false);
    expect(sameAsNow({ template: '4', hours: 10, message: '' }, o)).toBe(false);
  });

  it('sends the wish with the tap’s key and the message trimmed', () => {
    expect(packageChangeBody({ template: '3', hours: '15', message: ' Mehr Garten ' }, 'key-12345')).toEqual({
      kind: 'change',
      template_id: 3,
      monthly_hours: 15,
      message: 'Mehr Garten',
      idempotency_key: 'key-12345',
    });
  });
});
