import { createWorkerPool, OUT_OF_HEAP, WorkerTaskError, workerTask } from '../../../lib/worker-pool.js';
import { BankFileError, type CamtFile, type checkBankFile, TOO_LARGE_TO_CHECK } from './camt-check.js';

export { BankFileError, type CamtFile, TOO_LARGE_TO_CHECK };

/**
 * An uploaded bank file, checked from the outside in: UTF-8, well-formed XML without
 * DOCTYPE and within the limits of lib/xml-tree.ts, a camt message the portal knows (ISO or
 * Austrian STUZZA namespace), valid against its official XSD, at least one statement. Every
 * refusal is one German sentence naming the line (and the element where there is one);
 * nothing is imported from a file that fails any step (decision 0606).
 *
 * The check never runs on the event loop (decision 0700): a worker thread reads the file,
 * within a time budget and a heap of its own; a file that takes longer or needs more is
 * refused like any other bad file, and the thread is replaced.
 */

/** Seconds one file's check may take (a 5 MB statement of 4,800 bookings takes about 3 s). */
export const BANK_FILE_CHECK_SECONDS = 30;

const checks = createWorkerPool({ size: 2, budgetMs: BANK_FILE_CHECK_SECONDS * 1000, maxHeapMb: 512 });
const CHECK = workerTask<typeof checkBankFile>(new URL('./camt-check.ts', import.meta.url), 'checkBankFile');

export async function readBankFile(bytes: Buffer): Promise<CamtFile> {
  // A copy of its own, moved to the thread (the upload's buffer may share its memory).
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const result = await checks.run(CHECK, copy, [copy.buffer]).catch((error: unknown) => {
    if (error instanceof WorkerTaskError && error.reason === 'budget') {
      throw new BankFileError(
        `Die Prüfung der Datei hat länger als ${BANK_FILE_CHECK_SECONDS} Sekunden gedauert und wurde abgebrochen. Bitte laden Sie den Kontoauszug eines kürzeren Zeitraums hoch`,
      );
    }
    if (error instanceof WorkerTaskError && error.code === OUT_OF_HEAP) throw new BankFileError(TOO_LARGE_TO_CHECK);
    throw error;
  });
  if ('refused' in result) throw new BankFileError(result.refused.message, result.refused.line);
  return result.file;
}

/** The check threads' counts (for the tests). */
export const bankFileChecks = { stats: () => checks.stats() };
