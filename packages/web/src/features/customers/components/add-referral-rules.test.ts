import { describe, expect, it } from 'vitest';
import { addReferralProblems, addReferralStart, REFERRER_REQUIRED, referrerOptions } from './add-referral-rules';

const found = [
  { id: 1, name: 'Maria Gruber', referral_code: 'MARIA1' },
  { id: 2, name: 'Karl Huber', referral_code: 'KARL22' },
];

describe('Empfehlungsgeber hinzufügen (SPEC §2)', () => {
  it('a referrer must be chosen', () => {
    expect(addReferralStart()).toEqual({ code: null, search: '' });
    expect(addReferralProblems({ code: null, search: 'Mar' })).toEqual({ code: REFERRER_REQUIRED });
    expect(addReferralProblems({ code: 'MARIA1', search: '' })).toEqual({});
  });

  it('offers the found customers by code, never the customer themselves', () => {
    expect(referrerOptions(found, 2, { code: null, label: undefined })).toEqual([
      { value: 'MARIA1', label: 'Maria Gruber (MARIA1)' },
    ]);
  });

  it('keeps the chosen referrer when a new search does not find them', () => {
    const options = referrerOptions([found[1]], 5, { code: 'MARIA1', label: 'Maria Gruber (MARIA1)' });
    expect(options.map((o) => o.value)).toEqual(['MARIA1', 'KARL22']);
  });
});
