import { randomInt } from 'node:crypto';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@butler/contract/customers';

// Alphabet without the look-alikes 0/O and 1/I, so codes can be read aloud and typed (DOMAIN-RULES §5).
export { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH };

const CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** A random 8-character referral code; uniqueness is enforced by the database index (retry on conflict). */
export function generateReferralCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) {
    code += REFERRAL_CODE_ALPHABET[random(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/** Codes are matched case-insensitively and stored upper-case; surrounding spaces are ignored. */
export function normalizeReferralCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isValidReferralCode(input: string): boolean {
  return CODE_PATTERN.test(normalizeReferralCode(input));
}
