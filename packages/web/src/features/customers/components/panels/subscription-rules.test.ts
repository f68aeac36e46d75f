import {
  SUBSCRIPTION_EDIT_REQUIRED,
  SUBSCRIPTION_REQUIRED,
  SUBSCRIPTION_TEMPLATE_REQUIRED,
} from '@butler/contract/subscriptions';
import { describe, expect, it } from 'vitest';
import { subscriptionBody, subscriptionProblems, subscriptionStart } from './subscription-rules';

describe('ButlerPaket dialog (SPEC §5, decision 0581)', () => {
  it('a new one starts today, monatlich im Voraus by Überweisung, without automatic renewal', () => {
    expect(subscriptionStart(null, 7, '2026-11-20')).toEqual({
      customer: 7,
      template: null,
      hours: '',
      start: '2026-11-20',
      trips: '',
      agreements: '',
      active: true,
      interval: 'monthly',
      method: 'ueberweisung',
      autoRenew: false,
    });
  });

  it('names the missing required fields before the template, and the edit sentence when editing', () => {
    const empty = subscriptionStart(null, undefined, '2026-11-20');
    const missing = subscriptionProblems({ ...empty, start: null }, false);
    expect(Object.entries(missing)[0]).toEqual(['customer', SUBSCRIPTION_REQUIRED]);
    expect(missing.template).toBe(SUBSCRIPTION_TEMPLATE_REQUIRED);
    const onlyTemplate = subscriptionProblems({ ...empty, customer: 3, hours: 10 }, false);
    expect(onlyTemplate).toEqual({ template: SUBSCRIPTION_TEMPLATE_REQUIRED });
    expect(Object.values(subscriptionProblems({ ...empty, customer: 3, hours: 0 }, true))).toEqual([
      SUBSCRIPTION_EDIT_REQUIRED,
      SUBSCRIPTION_EDIT_REQUIRED,
    ]);
    expect(subscriptionProblems({ ...empty, customer: 3, hours: 10, template: '2' }, false)).toEqual({});
  });

  it('sends Abrechnung, Zahlungsart and automatic renewal with the rest', () => {
    const values = {
      ...subscriptionStart(null, 3, '2026-11-20'),
      template: '2',
      hours: 7.5,
      trips: '',
      interval: 'quarterly' as const,
      method: 'lastschrift' as const,
      autoRenew: true,
    };
    expect(subscriptionBody(values)).toEqual({
      template_id: 2,
      monthly_hours: 7.5,
      start_date: '2026-11-20',
      monthly_trips: null,
      agreements: '',
      billing_interval: 'quarterly',
      payment_method: 'lastschrift',
      auto_renew: true,
    });
  });
});
