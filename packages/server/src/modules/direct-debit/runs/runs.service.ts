import type { Run, RunDetail, zRunInput } from '@butler/contract/direct-debit';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import type { Executor } from '../../../db/executor.js';
import {
  blobs,
  customers,
  directDebitItems,
  directDebitRuns,
  invoices,
  sepaMandates,
} from '../../../db/schema/index.js';
import {
  collectionDateProblem,
  earliestCollectionDate,
  latestCollectionDate,
} from '../../../domain/collection-dates.js';
import { fromHundredths, hundredthsToString, toHundredths } from '../../../domain/decimal.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { putBlob } from '../../../lib/blob-store.js';
import { now, todayVienna } from '../../../lib/clock.js';
import { AppError, fieldError } from '../../../lib/errors.js';
import { pgErrorOf } from '../../../lib/pagination.js';
import { loadSettings } from '../../quickbill/shared.js';
import { isDirectDebitReady, loadDirectDebitSettings } from '../direct-debit-settings.service.js';
import { lockActiveMandates } from '../mandates/mandates.repo.js';
import { blockedReason, loadDueRows, presentDue } from './due-collections.js';
import { endToEndId, runFileName, runMessageId, writeCheckedPain008 } from './run-file.js';

const MAX_PAIN008_BYTES = 20 * 1024 * 1024;

/** Local time in Vienna as pain.008 wants it: YYYY-MM-DDTHH:MM:SS. */
function viennaTimestamp(at: Date) {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Vienna',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(at);
  return parts.replace(' ', 'T');
}

export function createRunService(db: Database) {
  return {
    async due(collectionDate?: string) {
      const today = todayVienna();
      const date = collectionDate ?? earliestCollectionDate(today);
      const rows = await loadDueRows(db);
      return {
        collection_date: date,
        earliest_date: earliestCollectionDate(today),
        latest_date: latestCollectionDate(today),
        items: rows.map((row) => presentDue(row, date, today)),
      };
    },

    /**
     * Writes a run: checks the date and every invoice, locks the mandates (FRST/RCUR is
     * decided by one run at a time), writes and proves the pain.008, stores it and the items
     * in one transaction. An invoice already under way in another run is refused by the
     * unique index, also when two runs are written at the same moment.
     */
    async create(session: SessionContext, input: z.output<typeof zRunInput>): Promise<RunDetail> {
      const today = todayVienna();
      const settings = await loadDirectDebitSettings(db);
      if (!isDirectDebitReady(settings)) throw new AppError('DIRECT_DEBIT_NOT_READY');
      const dateProblem = collectionDateProblem(input.collection_date, today);
      if (dateProblem) throw fieldError('collection_date', dateProblem);
      const invoiceIds = [...new Set(input.invoice_ids)];
      try {
        const runId = await db.transaction(async (tx) => {
          const rows = await loadDueRows(tx, invoiceIds);
          const missing = invoiceIds.find((id) => !rows.some((r) => r.invoiceId === id));
          if (missing !== undefined) {
            const [invoice] = await tx
              .select({ number: invoices.invoiceNumber })
              .from(invoices)
              .where(eq(invoices.id, missing));
            throw new AppError(
              'CONFLICT',
              invoice
                ? `Rechnung ${invoice.number ?? missing} ist nicht zum Einzug offen (bezahlt, storniert oder bereits in einem Lastschrift-Lauf)`
                : 'Rechnung nicht gefunden',
            );
          }
          for (const row of rows) {
            const blocked = blockedReason(row, input.collection_date, today);
            if (blocked) throw new AppError('CONFLICT', `Rechnung ${row.invoiceNumber}: ${blocked}`);
          }
          const mandates = await lockActiveMandates(tx, [...new Set(rows.map((r) => r.customerId!))]);
          const provider = await loadSettings(tx);
          const [{ id }] = (
            await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('direct_debit_runs', 'id'))::int AS id`)
          ).rows as Array<{ id: number }>;
          const firstUsed = new Set<number>();
          const items = rows.map((row) => {
            const mandate = mandates.find((m) => m.customerId === row.customerId)!;
            // One first collection per mandate; FRST is optional since rulebook 9 (2016), so a
            // second invoice of the same mandate in the same run goes as RCUR.
            const sequenceType = mandate.hasCollection || firstUsed.has(mandate.id) ? 'RCUR' : 'FRST';
            firstUsed.add(mandate.id);
            return {
              row,
              mandate,
              sequenceType: sequenceType as 'FRST' | 'RCUR',
              endToEndId: endToEndId(row.invoiceNumber, id),
            };
          });
          const customerRows = await tx
            .select({
              id: customers.id,
              street: customers.street,
              postalCode: customers.postalCode,
              city: customers.city,
              country: customers.country,
            })
            .from(customers)
            .where(
              inArray(
                customers.id,
                mandates.map((m) => m.customerId),
              ),
            );
          const messageId = runMessageId(id, today);
          const xml = await writeCheckedPain008({
            version: settings.painVersion as '001.08' | '001.02',
            messageId,
            createdAt: viennaTimestamp(now()),
            collectionDate: input.collection_date,
            creditor: {
              name: provider.companyName,
              iban: settings.collectionIban,
              bic: settings.collectionBic || null,
              creditorId: settings.creditorId,
            },
            collections: items.map(({ row, mandate, sequenceType, endToEndId: e2e }) => {
              const address = customerRows.find((c) => c.id === mandate.customerId);
              return {
                endToEndId: e2e,
                amountCents: row.amountCents,
                mandateReference: mandate.reference,
                signatureDate: mandate.signedOn,
                sequenceType,
                scheme: mandate.scheme as 'CORE' | 'B2B',
                debtorName: mandate.debtorName,
                debtorIban: mandate.debtorIban,
                debtorBic: mandate.debtorBic,
                debtorAddress: address?.city
                  ? {
                      street: address.street ?? '',
                      postalCode: address.postalCode ?? '',
                      city: address.city,
                      country: address.country,
                    }
                  : null,
                remittance: `Rechnung ${row.invoiceNumber}`,
              };
            }),
          });
          const blob = await putBlob(tx, Buffer.from(xml, 'utf8'), { kind: 'pain008', maxBytes: MAX_PAIN008_BYTES });
          const total = items.reduce((sum, item) => sum + item.row.amountCents, 0n);
          const [run] = await tx
            .insert(directDebitRuns)
            .values({
              id,
              messageId,
              collectionDate: input.collection_date,
              painVersion: settings.painVersion,
              itemCount: items.length,
              total: hundredthsToString(total),
              blobId: blob.id,
              createdBy: session.displayName,
            })
            .returning();
          await tx.insert(directDebitItems).values(
            items.map(({ row, mandate, sequenceType, endToEndId: e2e }) => ({
              runId: id,
              invoiceId: row.invoiceId,
              mandateId: mandate.id,
              customerId: row.customerId,
              amount: hundredthsToString(row.amountCents),
              sequenceType,
              endToEndId: e2e,
              mandateReference: mandate.reference,
              debtorName: mandate.debtorName,
              debtorIban: mandate.debtorIban,
            })),
          );
          await tx
            .update(sepaMandates)
            .set({ lastCollectionOn: sql`GREATEST(${sepaMandates.lastCollectionOn}, ${input.collection_date}::date)` })
            .where(
              inArray(
                sepaMandates.id,
                mandates.map((m) => m.id),
              ),
            );
          await writeAudit(tx, session, 'create', 'direct_debit_run', id, null, { ...run, sha256: blob.sha256 });
          return id;
        });
        return this.detail(runId);
      } catch (error) {
        const pg = pgErrorOf(error);
        if (pg.code === '23505' && pg.constraint === 'direct_debit_items_invoice_open_uq') {
          throw new AppError(
            'CONFLICT',
            'Eine der Rechnungen wird gerade in einem anderen Lastschrift-Lauf eingezogen',
          );
        }
        throw error;
      }
    },

    async list(page: number, pageSize: number): Promise<{ items: Run[]; total: number }> {
      const rows = await runRows(db)
        .orderBy(desc(directDebitRuns.createdAt), desc(directDebitRuns.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(directDebitRuns);
      return { items: rows.map(presentRun), total };
    },

    async detail(id: number): Promise<RunDetail> {
      const [row] = await runRows(db).where(eq(directDebitRuns.id, id));
      if (!row) throw new AppError('DIRECT_DEBIT_RUN_NOT_FOUND');
      const items = await db
        .select({ item: directDebitItems, invoiceNumber: invoices.invoiceNumber })
        .from(directDebitItems)
        .innerJoin(invoices, eq(invoices.id, directDebitItems.invoiceId))
        .where(eq(directDebitItems.runId, id))
        .orderBy(asc(directDebitItems.id));
      return {
        ...presentRun(row),
        items: items.map(({ item, invoiceNumber }) => ({
          id: item.id,
          invoice_id: item.invoiceId,
          invoice_number: invoiceNumber ?? '',
          customer_id: item.customerId,
          debtor_name: item.debtorName,
          amount: Number(item.amount),
          sequence_type: item.sequenceType as 'FRST' | 'RCUR',
          mandate_reference: item.mandateReference,
          end_to_end_id: item.endToEndId,
          state: item.state as 'submitted',
          return_reason: item.returnReason,
          return_fee: item.returnFee === null ? null : Number(item.returnFee),
        })),
      };
    },

    async file(id: number) {
      const [row] = await db
        .select({ blobId: directDebitRuns.blobId, collectionDate: directDebitRuns.collectionDate })
        .from(directDebitRuns)
        .where(eq(directDebitRuns.id, id));
      if (!row) throw new AppError('DIRECT_DEBIT_RUN_NOT_FOUND');
      return { blobId: row.blobId, fileName: runFileName(row.collectionDate, id) };
    },

    /** Verwerfen: the file never reached the bank; its invoices become due again. */
    async discard(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const [run] = await tx.select().from(directDebitRuns).where(eq(directDebitRuns.id, id)).for('update');
        if (!run) throw new AppError('DIRECT_DEBIT_RUN_NOT_FOUND');
        if (run.status !== 'submitted') throw new AppError('CONFLICT', 'Dieser Lauf ist bereits verworfen');
        const settled = await tx
          .select({ id: directDebitItems.id })
          .from(directDebitItems)
          .where(and(eq(directDebitItems.runId, id), sql`${directDebitItems.state} <> 'submitted'`));
        if (settled.length > 0) {
          throw new AppError(
            'CONFLICT',
            'Die Bank hat Buchungen dieses Laufs gemeldet: Er kann nicht mehr verworfen werden',
          );
        }
        const [after] = await tx
          .update(directDebitRuns)
          .set({ status: 'discarded', discardedAt: now() })
          .where(eq(directDebitRuns.id, id))
          .returning();
        const items = await tx
          .update(directDebitItems)
          .set({ state: 'discarded' })
          .where(eq(directDebitItems.runId, id))
          .returning({ mandateId: directDebitItems.mandateId });
        await recomputeLastCollection(
          tx,
          items.map((i) => i.mandateId).filter((m): m is number => m !== null),
        );
        await writeAudit(tx, session, 'discard', 'direct_debit_run', id, run, after);
      });
      return this.detail(id);
    },
  };
}

/** The 36-month clock restarts only with collections that went to the bank. */
async function recomputeLastCollection(tx: Executor, mandateIds: number[]) {
  if (mandateIds.length === 0) return;
  await tx
    .update(sepaMandates)
    .set({
      lastCollectionOn: sql`(SELECT max(r.collection_date) FROM direct_debit_items i JOIN direct_debit_runs r ON r.id = i.run_id
        WHERE i.mandate_id = "sepa_mandates"."id" AND i.state <> 'discarded')`,
    })
    .where(inArray(sepaMandates.id, mandateIds));
}

function runRows(db: Executor) {
  return db
    .select({
      run: directDebitRuns,
      sha256: blobs.sha256,
      collected: sql<number>`(SELECT count(*)::int FROM ${directDebitItems} i WHERE i.run_id = ${directDebitRuns.id} AND i.state = 'collected')`,
      returned: sql<number>`(SELECT count(*)::int FROM ${directDebitItems} i WHERE i.run_id = ${directDebitRuns.id} AND i.state = 'returned')`,
    })
    .from(directDebitRuns)
    .innerJoin(blobs, eq(blobs.id, directDebitRuns.blobId))
    .$dynamic();
}

function presentRun(row: {
  run: typeof directDebitRuns.$inferSelect;
  sha256: string;
  collected: number;
  returned: number;
}): Run {
  const { run } = row;
  return {
    id: run.id,
    message_id: run.messageId,
    collection_date: run.collectionDate,
    pain_version: run.painVersion as '001.08' | '001.02',
    status: run.status as 'submitted' | 'discarded',
    item_count: run.itemCount,
    total: fromHundredths(toHundredths(run.total)),
    collected: row.collected,
    returned: row.returned,
    sha256: row.sha256,
    file_name: runFileName(run.collectionDate, run.id),
    created_by: run.createdBy,
    created_at: run.createdAt.toISOString(),
  };
}
