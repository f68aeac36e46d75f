import type { Executor } from '../../db/executor.js';
import { generateReferralCode } from '../../domain/referral-code.js';
import { referralCodeExists } from './customers.repo.js';

/** A code no customer has yet; the unique index stays the final guard. */
export async function uniqueReferralCode(db: Executor): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = generateReferralCode();
    if (!(await referralCodeExists(db, code))) return code;
  }
  throw new Error('Could not find a free referral code');
}
