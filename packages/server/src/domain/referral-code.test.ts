import { describe, expect, it } from 'vitest';
import { generateReferralCode, isValidReferralCode, normalizeReferralCode } from './referral-code.js';

describe('referral codes', () => {
  it('are 8 characters of upper-case letters and digits without 0, O, 1 and I', () => {
    for (let i = 0; i < 500; i++) {
      const code = generateReferralCode();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect(isValidReferralCode(code)).toBe(true);
    }
  });

  it('are matched case-insensitively and without surrounding spaces', () => {
    expect(normalizeReferralCode('  abcd2345 ')).toBe('ABCD2345');
    expect(isValidReferralCode('abcd2345')).toBe(true);
  });

  it('reject look-alike characters and wrong lengths', () => {
    for (const code of ['ABCD0345', 'ABCDO345', 'ABCD1345', 'ABCDI345', 'ABCD234', 'ABCD23456']) {
      expect(isValidReferralCode(code), code).toBe(false);
    }
  });
});
