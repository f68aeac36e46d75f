import type { Database } from '../../db/client.js';
import { readBlob } from '../../lib/blob-store.js';
import { createFigureCache } from '../../lib/figure-cache.js';
import { pdfTask, renderPdf } from '../../lib/pdf-render.js';
import { createSemaphore } from '../../lib/semaphore.js';
import { loadSettings } from '../quickbill/settings/provider-settings.repo.js';
import type { StatementCorrection } from './statement-correction-pdf.js';
import { loadStatement, type StatementData } from './statement-data.service.js';
import type { drawStatementPdf } from './statement-pdf.js';

const STATEMENT_PDF = pdfTask<typeof drawStatementPdf>(
  new URL('./statement-pdf.ts', import.meta.url),
  'drawStatementPdf',
);

/** Rendered Monatsübersichten kept (per customer and month, until the data changes); ~50 KB each. */
const statementCache = createFigureCache(200);
/** Statement renders at once in this process (each drawn in a worker thread, lib/pdf-render.ts). */
const renderSlots = createSemaphore(2);
/** The render each customer is waiting for: one at a time per person. */
const perCustomer = new Map<number, Promise<unknown>>();

/** What the tests read: renders started, and the most one customer ever had running at once. */
export const statementRenderStats = { renders: 0, mostAtOnceForOneCustomer: 0 };
const running = new Map<number, number>();

function oneAtATime<T>(customerId: number, task: () => Promise<T>): Promise<T> {
  const before = perCustomer.get(customerId) ?? Promise.resolve();
  const next = before.catch(() => {}).then(task);
  const tail = next.catch(() => {});
  perCustomer.set(customerId, tail);
  void tail.then(() => {
    if (perCustomer.get(customerId) === tail) perCustomer.delete(customerId);
  });
  return next;
}

/** The Monatsübersicht of `data` (a correction when `correction` is given), drawn in a worker thread. */
export async function renderStatementPdf(
  db: Database,
  data: StatementData,
  correction?: StatementCorrection,
): Promise<Buffer> {
  const settings = await loadSettings(db);
  const logo = settings.logoBlobId ? await readBlob(db, settings.logoBlobId) : null;
  return renderPdf(STATEMENT_PDF, { data, settings, logo, ...(correction ? { correction } : {}) });
}

async function render(db: Database, customerId: number, month: string): Promise<Buffer | null> {
  const now = (running.get(customerId) ?? 0) + 1;
  running.set(customerId, now);
  statementRenderStats.renders += 1;
  statementRenderStats.mostAtOnceForOneCustomer = Math.max(statementRenderStats.mostAtOnceForOneCustomer, now);
  try {
    const data = await loadStatement(db, customerId, month);
    if (!data) return null;
    return await renderStatementPdf(db, data);
  } finally {
    running.set(customerId, (running.get(customerId) ?? 1) - 1);
  }
}

/**
 * The Monatsübersicht of `customerId` for `month` as PDF, or null for an unknown customer.
 * A rendered PDF is kept until any of its data changes (customers, bookings, packages,
 * provider settings and logo all bump `data_version`), parallel requests for the same one
 * share one render, a customer's renders run one after another, and at most two run in the
 * process: a burst of downloads from one lounge cannot keep the event loop busy
 * (decision 0505). `knownVersion` is the data version the session
 * lookup read (decision 0400).
 */
export function statementPdf(db: Database, customerId: number, month: string, knownVersion?: number) {
  return statementCache(
    db,
    `statement-pdf:${customerId}:${month}`,
    () => oneAtATime(customerId, () => renderSlots.run(() => render(db, customerId, month))),
    knownVersion,
  );
}
