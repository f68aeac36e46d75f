import { createHash } from 'node:crypto';
import type { Run, RunDetail, zRunInput } from '@butler/contract/direct-debit';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import type { Executor } from '../../../db/executor.js';
import { directDebitItems, directDebitRuns, invoices, sepaMandates } from '../../../db/schema/index.js';
import {
  collectionDateProblem,
  earliestCollectionDate,
  latestCollectionDate,
} from '../../../domain/collection-dates.js';
import { hundredthsToString } from '../../../domain/decimal.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { putBlob } from '../../../lib/blob-store.js';
import { now, todayVienna } from '../../../lib/clock.js';
import { AppError, fieldError } from '../../../lib/errors.js';
import { pgErrorOf } from '../../../lib/pagination.js';
import { lockActiveMandates } from '../mandates/mandates.repo.js';
import { type Pain008Version, writePain008 } from '../pain008/pain008-writer.js';
import { isDirectDebitReady, loadDirectDebitSettings } from '../settings/direct-debit-settings.service.js';
import { blockedReason, type DueRow, loadDueRows, presentDue } from './due-collections.js';
import { type PlannedCollection, pain008InputOf, planCollections } from './run-builder.js';
import { type FileProblem, pain008FileProblems, runFileName, runMessageId, writeCheckedPain008 } from './run-file.js';
import { presentRun, runDetail, runRows } from './run-present.js';

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

/** "Rechnung 2026-0041 (Thomas Pichler)": how a refusal names a collection. */
const labelsOf = (planned: PlannedCollection[]) => (endToEndId: string) => {
  const found = planned.find((p) => p.endToEndId === endToEndId);
  return found ? `Rechnung ${found.row.invoiceNumber} (${found.row.customerName})` : `Lastschrift ${endToEndId}`;
};

/**
 * Proving a file (the XSD above all) takes a noticeable moment, and the due list asks again
 * at every date change and refresh; the answers for the last few trial files are kept here.
 * A cache only: a restart or another process simply proves again.
 */
const proved = new Map<string, Promise<FileProblem[]>>();
function provedOnce(xml: string, version: Pain008Version): Promise<FileProblem[]> {
  const key = createHash('sha256').update(version).update(xml).digest('hex');
  let found = proved.get(key);
  if (!found) {
    found = pain008FileProblems(xml, version);
    found.catch(() => proved.delete(key));
    proved.set(key, found);
    if (proved.size > 32) proved.delete(proved.keys().next().value!);
  }
  return found;
}

/**
 * The due list's trial file: the invoices collectable on `date` written as one run would
 * write them and proved by the same checks. An invoice whose part of the file fails is
 * blocked with the reason in words, so the page never preselects what the check refuses;
 * a problem of the file as a whole comes back separately (decision 0722).
 */
async function trialFile(db: Database, rows: DueRow[], date: string, today: string) {
  const settings = await loadDirectDebitSettings(db);
  const collectable = rows.filter((row) => blockedReason(row, date, today) === null);
  if (!isDirectDebitReady(settings) || collectable.length === 0)
    return { byInvoice: new Map<number, string>(), file: null };
  const planned = planCollections(collectable, (row) => ({ ...row.mandate!, hasCollection: row.hasCollection }), 0);
  // A fixed creation time: the same invoices give the same trial file, proved once.
  const input = await pain008InputOf(db, settings, planned, {
    messageId: runMessageId(0, today),
    createdAt: `${today}T00:00:00`,
    collectionDate: date,
  });
  const problems = await provedOnce(writePain008(input), input.version);
  const byInvoice = new Map<number, string>();
  for (const problem of problems) {
    const owner = planned.find((p) => p.endToEndId === problem.endToEndId);
    if (owner && !byInvoice.has(owner.row.invoiceId)) byInvoice.set(owner.row.invoiceId, problem.text);
  }
  const whole = problems.find((p) => p.endToEndId === null);
  return { byInvoice, file: whole ? `Die Lastschrift-Datei würde abgelehnt: ${whole.text}` : null };
}

export function createRunService(db: Database) {
  return {
    async due(collectionDate?: string) {
      const today = todayVienna();
      const date = collectionDate ?? earliestCollectionDate(today);
      const rows = await loadDueRows(db);
      const trial = await trialFile(db, rows, date, today);
      return {
        collection_date: date,
        earliest_date: earliestCollectionDate(today),
        latest_date: latestCollectionDate(today),
        items: rows.map((row) => {
          const item = presentDue(row, date, today);
          const problem = trial.byInvoice.get(row.invoiceId);
          return problem ? { ...item, blocked: `Die Bank-Datei würde diese Rechnung ablehnen: ${problem}` } : item;
        }),
        file_problem: trial.file,
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
          const [{ id }] = (
            await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('direct_debit_runs', 'id'))::int AS id`)
          ).rows as Array<{ id: number }>;
          const items = planCollections(rows, (row) => mandates.find((m) => m.customerId === row.customerId)!, id);
          const messageId = runMessageId(id, today);
          const file = await pain008InputOf(tx, settings, items, {
            messageId,
            createdAt: viennaTimestamp(now()),
            collectionDate: input.collection_date,
          });
          const xml = await writeCheckedPain008(file, labelsOf(items));
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
        return runDetail(db, runId);
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

    detail: (id: number): Promise<RunDetail> => runDetail(db, id),

    /**
     * The stored file for download. The first download is recorded (who, when): the run is
     * "Heruntergeladen" from then on, not before (decision 0722).
     */
    async file(session: SessionContext, id: number) {
      const [row] = await db
        .select({ blobId: directDebitRuns.blobId, collectionDate: directDebitRuns.collectionDate })
        .from(directDebitRuns)
        .where(eq(directDebitRuns.id, id));
      if (!row) throw new AppError('DIRECT_DEBIT_RUN_NOT_FOUND');
      await db
        .update(directDebitRuns)
        .set({ downloadedAt: now(), downloadedBy: session.displayName })
        .where(and(eq(directDebitRuns.id, id), isNull(directDebitRuns.downloadedAt)));
      return { blobId: row.blobId, fileName: runFileName(row.collectionDate, id) };
    },

    /** "Bei der Bank eingereicht": staff confirm they uploaded the file; once, and only a run still standing. */
    async confirmAtBank(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const [run] = await tx.select().from(directDebitRuns).where(eq(directDebitRuns.id, id)).for('update');
        if (!run) throw new AppError('DIRECT_DEBIT_RUN_NOT_FOUND');
        if (run.status === 'discarded') throw new AppError('CONFLICT', 'Dieser Lauf ist verworfen');
        if (run.atBankAt) throw new AppError('CONFLICT', 'Dieser Lauf ist bereits als eingereicht bestätigt');
        if (!run.downloadedAt) {
          throw new AppError('CONFLICT', 'Bitte laden Sie die Datei zuerst herunter und bei der Bank hoch');
        }
        const [after] = await tx
          .update(directDebitRuns)
          .set({ atBankAt: now(), atBankBy: session.displayName })
          .where(eq(directDebitRuns.id, id))
          .returning();
        await writeAudit(tx, session, 'at-bank', 'direct_debit_run', id, run, after);
      });
      return runDetail(db, id);
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
      return runDetail(db, id);
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
