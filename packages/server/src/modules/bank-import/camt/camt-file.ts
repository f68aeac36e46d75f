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

/**
 * What one file's check may take: 30 s (a 5 MB statement of 4,800 bookings takes about 3 s)
 * and a heap of 512 MB.
 */
export const BANK_FILE_CHECK_LIMITS: BankFileCheckLimits = { budgetMs: 30_000, maxHeapMb: 512 };

export interface BankFileCheckLimits {
  budgetMs: number;
  maxHeapMb: number;
}

let limits = BANK_FILE_CHECK_LIMITS;
let checks = createWorkerPool({ size: 2, ...limits });
const CHECK = workerTask<typeof checkBankFile>(new URL('./camt-check.ts', import.meta.url), 'checkBankFile');

const seconds = (ms: number) => (ms / 1000).toLocaleString('de-AT', { maximumFractionDigits: 3 });

export async function readBankFile(bytes: Buffer): Promise<CamtFile> {
  // A copy of its own, moved to the thread (the upload's buffer may share its memory).
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const result = await checks.run(CHECK, copy, [copy.buffer]).catch((error: unknown) => {
    if (error instanceof WorkerTaskError && error.reason === 'budget') {
      throw new BankFileError(
        `Die Prüfung der Datei hat länger als ${seconds(limits.budgetMs)} Sekunden gedauert und wurde abgebrochen. Bitte laden Sie den Kontoauszug eines kürzeren Zeitraums hoch`,
      );
    }
    if (error instanceof WorkerTaskError && error.code === OUT_OF_HEAP) throw new BankFileError(TOO_LARGE_TO_CHECK);
    throw error;
  });
  if ('refused' in result) throw new BankFileError(result.refused.message, result.refused.line);
  return result.file;
}

export const bankFileChecks = {
  /** The check threads' counts (for the tests). */
  stats: () => checks.stats(),
  /**
   * For the tests: checks from now on run within `next` (a budget of milliseconds instead of
   * 30 s, a small heap), on fresh threads; without an argument the portal's limits again.
   */
  async useLimits(next: BankFileCheckLimits = BANK_FILE_CHECK_LIMITS) {
    const old = checks;
    limits = next;
    checks = createWorkerPool({ size: 2, ...limits });
    await old.close();
  },
};
