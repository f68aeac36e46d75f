import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { admins } from '../db/schema/index.js';
import { hashPassword } from './passwords.js';

/** On a start that finds no admin account, creates the first one, an Inhaber (DOMAIN-RULES §1). */
export async function ensureFirstAdmin(
  db: Database,
  username: string,
  password: string | undefined,
  name = '',
): Promise<{ created: boolean; username: string; generatedPassword?: string }> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(admins);
  if (count > 0) return { created: false, username };
  const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
  await db
    .insert(admins)
    .values({
      username,
      name,
      role: 'owner',
      passwordHash: await hashPassword(password ?? generatedPassword!),
      passwordGenerated: generatedPassword !== undefined,
    })
    .onConflictDoNothing();
  return { created: true, username, generatedPassword };
}
