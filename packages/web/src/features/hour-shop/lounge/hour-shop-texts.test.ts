import { describe, expect, it } from 'vitest';
import { hourlyPrice } from './hour-shop-texts';

describe('hourlyPrice', () => {
  it('says the hourly price is net where the total beside it adds VAT', () => {
    // 5 × € 58,00 = € 290,00 net beside € 348,00 gross: the card must not read as a wrong sum.
    expect(hourlyPrice({ price_per_hour: 58, tax_rate: 20 })).toBe('€\u00a058,00 pro Stunde zzgl. USt.');
  });

  it("leaves a Kleinunternehmer's price as it is: there is no VAT to add", () => {
    expect(hourlyPrice({ price_per_hour: 58, tax_rate: null })).toBe('€\u00a058,00 pro Stunde');
  });
});
