import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { customers, projects, timeEntries } from '../db/schema/index.js';
import { addDays } from '../domain/calendar.js';
import type { Env } from '../env.js';
import { correctStatements, sendMonthlyStatements } from '../modules/statements/statements.service.js';

/**
 * The Monatsübersichten of the demo (decision 0775): last month's statements issued as the
 * run of the 1st does, then a booking for its last day entered late for Maria Gruber (the
 * demo login), corrected as the next morning's check does: the lounge shows a statement
 * as sent and its marked correction.
 */
export async function seedDemoStatements(db: Database, env: Env, today: string): Promise<string> {
  const slot = today.slice(0, 7);
  const issued = await sendMonthlyStatements(db, env, slot);
  const [maria] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, 'maria.gruber@example.at'));
  const [project] = maria
    ? await db.select().from(projects).where(eq(projects.customerId, maria.id)).orderBy(asc(projects.id)).limit(1)
    : [];
  if (!maria || !project) return `Demo-Monatsübersichten: ${issued} versendet`;
  await db.insert(timeEntries).values({
    customerId: maria.id,
    projectId: project.id,
    workDate: addDays(`${slot}-01`, -1),
    hours: '2.00',
    activityDescription: 'Adventkranz besorgt und Weihnachtspost vorbereitet (nachgetragen)',
    billingType: 'abos',
    isBillable: true,
    createdBy: 'Büro',
  });
  const corrected = await correctStatements(db, env, today);
  return `Demo-Monatsübersichten: ${issued} versendet, ${corrected} Korrektur nach einer Nachbuchung`;
}
