import { type SubscriptionTemplate, TEMPLATE_REQUIRED } from '@butler/contract/subscription-templates';
import { describe, expect, it } from 'vitest';
import { templateBody, templateProblems, templateStart } from './template-rules';

describe('ButlerPaket-Vorlage dialog (SPEC §5)', () => {
  it('starts empty for a new template and with the template when editing', () => {
    expect(templateStart(null)).toEqual({ name: '', duration: '', price: '', trips: '', offered: true });
    const template: SubscriptionTemplate = {
      id: 1,
      name: 'Basis',
      duration_months: 12,
      price_per_hour: 79.9,
      monthly_trips: null,
      offered_in_lounge: false,
      created_at: '2026-01-01T00:00:00Z',
    };
    expect(templateStart(template)).toEqual({ name: 'Basis', duration: 12, price: 79.9, trips: '', offered: false });
  });

  it('name, duration and price are required; a price of 0 is a price', () => {
    expect(templateProblems({ name: ' ', duration: '', price: '', trips: '', offered: true })).toEqual({
      name: TEMPLATE_REQUIRED,
      duration: TEMPLATE_REQUIRED,
      price: TEMPLATE_REQUIRED,
    });
    expect(templateProblems({ name: 'Basis', duration: 6, price: 0, trips: '', offered: true })).toEqual({});
    expect(templateProblems({ name: 'Basis', duration: 6, price: '', trips: 2, offered: true })).toEqual({
      price: TEMPLATE_REQUIRED,
    });
  });

  it('sends whole months and trips, empty trips as null, the name trimmed', () => {
    expect(templateBody({ name: ' Plus ', duration: '6.7', price: '80.5', trips: '', offered: false })).toEqual({
      name: 'Plus',
      duration_months: 6,
      price_per_hour: 80.5,
      monthly_trips: null,
      offered_in_lounge: false,
    });
    expect(templateBody({ name: 'Plus', duration: 12, price: 80, trips: 2.9, offered: true }).monthly_trips).toBe(2);
  });
});
