import { AppError } from './errors.js';
import { createWorkerPool, type WorkerTask, WorkerTaskError } from './worker-pool.js';

/**
 * Every PDF the portal draws on request (Monatsübersichten, invoices at issue and as draft
 * previews, reminder letters) is drawn in a worker thread of one shared pool (decision
 * 0701): a burst of downloads keeps the threads busy, not the event loop, so every other
 * request is answered meanwhile. A task is the module function that draws the document from
 * plain data (no database in a thread); it answers the PDF's bytes.
 */

/** PDFs drawn at once in the process; more wait their turn. */
export const PDF_RENDERS_AT_ONCE = 2;
/** Seconds one PDF may take to draw (a Monatsübersicht takes a fraction of one). */
export const PDF_RENDER_SECONDS = 60;

/**
 * One thread stays once started: loading the PDF libraries takes a thread seconds (pdfkit,
 * pdf-lib and the e-invoice library), which the first download after a quiet hour should not
 * wait for. The second thread ends after ten idle minutes.
 */
const renders = createWorkerPool({
  size: PDF_RENDERS_AT_ONCE,
  budgetMs: PDF_RENDER_SECONDS * 1000,
  maxHeapMb: 512,
  idleMs: 10 * 60_000,
  keep: 1,
});

/** Loads the PDF libraries into a thread at start, in the background (the portal's start). */
export function warmPdfRenders() {
  renders.warm(['pdfkit', '@cantoo/pdf-lib', '@e-invoice-eu/core']);
}

/** The Buffer view of bytes that crossed from a thread (they arrive as a plain Uint8Array). */
export const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Draws a PDF in the pool; a drawing over its time is a German 503. */
export async function renderPdf<I>(task: WorkerTask<I, Uint8Array>, input: I): Promise<Buffer> {
  const bytes = await renders.run(task, input).catch((error: unknown) => {
    if (error instanceof WorkerTaskError && error.reason === 'budget') {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Das PDF konnte gerade nicht rechtzeitig erstellt werden. Bitte versuchen Sie es in einer Minute noch einmal',
      );
    }
    throw error;
  });
  return asBuffer(bytes);
}

/** The pool's counts (for the tests). */
export const pdfRenders = { stats: () => renders.stats() };
