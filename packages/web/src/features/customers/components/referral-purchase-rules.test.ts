import { describe, expect, it } from 'vitest';
import { packageTotal } from './panels/hour-package-rules';
import {
  effectiveDiscount,
  referralPurchaseBody,
  referralPurchaseProblems,
  referralPurchaseStart,
} from './referral-purchase-rules';

describe('Empfehlungskauf: the discount fields (SPEC §5, DOMAIN-RULES §5)', () => {
  it('starts with 2 hours at € 0 and an empty discount', () => {
    expect(referralPurchaseStart(5)).toEqual({
      customer_id: 5,
      referral_code: '',
      hours: 2,
      price_per_hour: 0,
      custom_discount_percentage: '',
    });
  });

  it('an empty discount is the programme’s default; a typed one (also 0) wins', () => {
    const start = { ...referralPurchaseStart(5), hours: 10, price_per_hour: 50 };
    expect(effectiveDiscount(start, 15)).toBe(15);
    expect(effectiveDiscount({ ...start, custom_discount_percentage: 0 }, 15)).toBe(0);
    expect(effectiveDiscount({ ...start, custom_discount_percentage: 12.5 }, 15)).toBe(12.5);
    // The shown total follows the effective discount: 10 h × € 50 × (1 − 15 %).
    expect(packageTotal(10, 50, effectiveDiscount(start, 15))).toBe(425);
  });

  it('sends an empty discount as null, so the server applies its default', () => {
    const values = { ...referralPurchaseStart(5), referral_code: ' abcd2345 ' };
    expect(referralPurchaseBody(values)).toEqual({
      customer_id: 5,
      referral_code: 'abcd2345',
      hours: 2,
      price_per_hour: 0,
      custom_discount_percentage: null,
    });
    expect(referralPurchaseBody({ ...values, custom_discount_percentage: 7 }).custom_discount_percentage).toBe(7);
  });

  it('names every missing field in the server’s words; a price of € 0 is a price', () => {
    expect(referralPurchaseProblems({ ...referralPurchaseStart(undefined), hours: '', price_per_hour: '' })).toEqual({
      customer_id: 'Bitte wählen Sie einen Kunden aus',
      referral_code: 'Bitte geben Sie einen Empfehlungscode ein',
      hours: 'Bitte geben Sie die Stunden an',
      price_per_hour: 'Bitte geben Sie den Preis pro Stunde an',
    });
    expect(referralPurchaseProblems({ ...referralPurchaseStart(5), referral_code: 'ABCD2345' })).toEqual({});
  });
});
