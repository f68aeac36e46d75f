import { ROLE_LABELS, type StaffRole } from '@butler/contract/permissions';
import type { Transaction as Tx } from '../db/executor.js';
import { admins, customerStaff } from '../db/schema/index.js';
import { DEMO_PASSWORD } from './demo-password.js';

/** One staff member of each role besides the Inhaber, with the public demo password (decision 0540). */
/** The demo's Inhaberin: the first admin's display name when it has none (decision 0622). */
export const DEMO_OWNER_NAME = 'Lisa Berger';

export const DEMO_STAFF: ReadonlyArray<{ username: string; name: string; role: StaffRole }> = [
  { username: 'buero', name: 'Barbara Brandl', role: 'office' },
  { username: 'buchhaltung', name: 'Markus Lechner', role: 'accounting' },
  { username: 'butler', name: 'Stefan Wimmer', role: 'butler' },
];

/**
 * The demo's staff, each with their own hash of the demo password (`passwordHashes` in the
 * order of DEMO_STAFF); the Butler looks after the given customers (the first two of the
 * plan, who also have password entries). Answers the line `npm run demo` prints.
 */
export async function insertDemoStaff(
  tx: Tx,
  passwordHashes: string[],
  butlerCustomers: Array<{ id: number; name: string }>,
): Promise<string> {
  const rows = await tx
    .insert(admins)
    .values(
      DEMO_STAFF.map((s, i) => ({
        username: s.username,
        name: s.name,
        role: s.role,
        email: `${s.username}@example.at`,
        passwordHash: passwordHashes[i],
        passwordChangedAt: new Date(),
      })),
    )
    .onConflictDoNothing({ target: admins.username })
    .returning({ id: admins.id, role: admins.role });
  const butler = rows.find((r) => r.role === 'butler');
  if (butler && butlerCustomers.length) {
    await tx
      .insert(customerStaff)
      .values(butlerCustomers.map((c) => ({ customerId: c.id, adminId: butler.id })))
      .onConflictDoNothing();
  }
  const names = butlerCustomers.map((c) => c.name).join(' und ');
  const list = DEMO_STAFF.map(
    (s) => `${s.username} (${ROLE_LABELS[s.role]}${s.role === 'butler' && names ? `, betreut ${names}` : ''})`,
  ).join(', ');
  return `Mitarbeiter: ${list} / ${DEMO_PASSWORD}`;
}
