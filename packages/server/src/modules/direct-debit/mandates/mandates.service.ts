import type { MandateInput, zMandateInput } from '@butler/contract/direct-debit';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import type { Executor } from '../../../db/executor.js';
import { customers, sepaMandates } from '../../../db/schema/index.js';
import { effectiveMandateStatus } from '../../../domain/mandate-state.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { todayVienna } from '../../../lib/clock.js';
import { AppError, fieldError } from '../../../lib/errors.js';
import { pgErrorOf } from '../../../lib/pagination.js';
import { findMandate, listMandates, presentMandate } from './mandates.repo.js';

export type { MandateInput };

/** `K0042-1`, `K0042-2` …: the next free reference of the customer's mandates. */
export async function suggestMandateReference(db: Executor, customerId: number): Promise<string> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sepaMandates)
    .where(eq(sepaMandates.customerId, customerId));
  for (let n = count + 1; ; n++) {
    const reference = `K${String(customerId).padStart(4, '0')}-${n}`;
    const [taken] = await db
      .select({ id: sepaMandates.id })
      .from(sepaMandates)
      .where(sql`upper(${sepaMandates.reference}) = ${reference}`);
    if (!taken) return reference;
  }
}

async function assertCustomer(db: Executor, customerId: number) {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
}

export function createMandateService(db: Database) {
  return {
    async list(customerId: number) {
      await assertCustomer(db, customerId);
      const today = todayVienna();
      return (await listMandates(db, customerId)).map((row) => presentMandate(row, today));
    },

    async suggestion(customerId: number) {
      await assertCustomer(db, customerId);
      return { reference: await suggestMandateReference(db, customerId) };
    },

    /** Records a signed mandate; a customer has at most one active mandate (a unique index). */
    async create(session: SessionContext, customerId: number, input: z.output<typeof zMandateInput>) {
      const today = todayVienna();
      if (input.signed_on > today)
        throw fieldError('signed_on', 'Das Unterschriftsdatum darf nicht in der Zukunft liegen');
      try {
        return await db.transaction(async (tx) => {
          await assertCustomer(tx, customerId);
          const [current] = await tx
            .select()
            .from(sepaMandates)
            .where(and(eq(sepaMandates.customerId, customerId), eq(sepaMandates.status, 'active')))
            .for('update');
          if (current) {
            if (effectiveMandateStatus(current, today) !== 'expired') {
              throw new AppError(
                'CONFLICT',
                `Für diesen Kunden gibt es bereits ein aktives Mandat (${current.reference}). Bitte widerrufen Sie es zuerst.`,
              );
            }
            await tx
              .update(sepaMandates)
              .set({ status: 'expired', statusReason: '36 Monate ohne Einzug', statusChangedAt: new Date() })
              .where(eq(sepaMandates.id, current.id));
          }
          const reference = input.reference || (await suggestMandateReference(tx, customerId));
          const [created] = await tx
            .insert(sepaMandates)
            .values({
              customerId,
              reference,
              signedOn: input.signed_on,
              debtorName: input.debtor_name,
              debtorIban: input.debtor_iban,
              debtorBic: input.debtor_bic || null,
              scheme: input.scheme,
              createdBy: session.displayName,
            })
            .returning();
          await writeAudit(tx, session, 'create', 'sepa_mandate', created.id, null, created, { customerId });
          return presentMandate({ ...created, hasCollection: false }, today);
        });
      } catch (error) {
        const pg = pgErrorOf(error);
        if (pg.code === '23505' && pg.constraint === 'sepa_mandates_reference_uq') {
          throw fieldError('reference', `Die Mandatsreferenz ${input.reference} ist bereits vergeben`);
        }
        if (pg.code === '23505' && pg.constraint === 'sepa_mandates_active_customer_uq') {
          throw new AppError(
            'CONFLICT',
            'Für diesen Kunden gibt es bereits ein aktives Mandat. Bitte widerrufen Sie es zuerst.',
          );
        }
        throw error;
      }
    },

    /** Widerrufen: the customer withdrew the mandate; it never collects again. */
    async revoke(session: SessionContext, id: number, reason: string) {
      return db.transaction(async (tx) => {
        const before = await findMandate(tx, id, true);
        if (before.status !== 'active') {
          throw new AppError('CONFLICT', 'Nur ein aktives Mandat kann widerrufen werden');
        }
        const [after] = await tx
          .update(sepaMandates)
          .set({ status: 'revoked', statusReason: reason, statusChangedAt: new Date() })
          .where(eq(sepaMandates.id, id))
          .returning();
        await writeAudit(tx, session, 'revoke', 'sepa_mandate', id, before, after, { customerId: before.customerId });
        return presentMandate(
          { ...after, hasCollection: before.hasCollection, signature: before.signature },
          todayVienna(),
        );
      });
    },
  };
}
