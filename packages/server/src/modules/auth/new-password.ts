import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, customers } from '../../db/schema/index.js';
import { fieldError } from '../../lib/errors.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Owner } from './sessions.service.js';

/** Sets a new password on an account after the policy check; the caller ends sessions. */
export async function storeNewPassword(
  tx: Pick<Database, 'update'>,
  owner: Owner,
  password: string,
  context: Array<string | null>,
  field = 'password',
) {
  const problem = passwordProblem(password, context);
  if (problem) throw fieldError(field, problem);
  const passwordHash = await hashPassword(password);
  if (owner.userType === 'admin') {
    await tx
      .update(admins)
      .set({ passwordHash, passwordChangedAt: sql`now()`, passwordGenerated: false })
      .where(eq(admins.id, owner.id));
  } else {
    await tx.update(customers).set({ passwordHash, updatedAt: sql`now()` }).where(eq(customers.id, owner.id));
  }
}
