import { Worker } from 'node:worker_threads';

/**
 * Work that would hold the event loop (reading an uploaded bank file, drawing a PDF) runs
 * in worker threads (decision 0701): the main thread keeps answering every other request
 * meanwhile. A pool starts its threads when work comes, keeps at most `size`, gives each
 * task a time budget and ends the thread of a task that goes over it (the next task gets a
 * fresh thread), caps each thread's heap, and ends threads that were idle for `idleMs`.
 * A task is a function a module exports; input and answer cross by structured clone
 * (plain data, Uint8Array, bigint, Date).
 */

const THREAD = new URL('./worker-thread.mjs', import.meta.url);

/** A module's exported function, named for a worker thread; `F` only carries its types. */
export type WorkerTask<I, O> = { module: string; name: string | null; types?: (input: I) => O };

export function workerTask<F extends (input: never) => unknown>(
  module: URL,
  name: string,
): WorkerTask<Parameters<F>[0], Awaited<ReturnType<F>>> {
  return { module: module.href, name };
}

/** What a thread that ran out of its heap says (`code` of a `crashed` task). */
export const OUT_OF_HEAP = 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * A task that did not answer: `budget` (over its time, the thread was ended), `crashed` (the
 * thread died: out of heap, or it could not start) or `failed` (the function threw; its
 * error's name, code and first line only).
 */
export class WorkerTaskError extends Error {
  constructor(
    readonly reason: 'budget' | 'crashed' | 'failed',
    message: string,
    readonly code: string | number | null = null,
  ) {
    super(message);
  }
}

export interface WorkerPoolOptions {
  /** Threads at once (tasks beyond wait their turn). */
  size: number;
  /** Milliseconds a task may run, a fresh thread's start included. */
  budgetMs: number;
  /** The heap one thread may use. */
  maxHeapMb: number;
  /** A thread idle this long ends, unless it is one of the `keep` last ones. */
  idleMs?: number;
  /** Threads that stay when idle (they keep what they loaded: the next task starts at once). */
  keep?: number;
}

type Pending = {
  id: number;
  task: WorkerTask<unknown, unknown>;
  input: unknown;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
};
type Slot = { worker: Worker; current: Pending | null; idle?: NodeJS.Timeout; gone: boolean };
type Answer = { id: number; ok: true; output: unknown } | { id: number; ok: false; error: Record<string, unknown> };

export function createWorkerPool(options: WorkerPoolOptions) {
  const idleMs = options.idleMs ?? 120_000;
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  const counts = { started: 0, overBudget: 0, crashed: 0 };

  function retire(slot: Slot) {
    if (slot.gone) return null;
    slot.gone = true;
    slots.splice(slots.indexOf(slot), 1);
    clearTimeout(slot.idle);
    const pending = slot.current;
    slot.current = null;
    if (pending) clearTimeout(pending.timer);
    return pending;
  }

  function spawn(): Slot {
    const worker = new Worker(THREAD, { resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb } });
    const slot: Slot = { worker, current: null, gone: false };
    counts.started += 1;
    worker.on('message', (answer: Answer) => {
      const pending = slot.current;
      if (!pending || answer.id !== pending.id) return;
      clearTimeout(pending.timer);
      slot.current = null;
      worker.unref();
      slot.idle = setTimeout(() => {
        if (slots.length <= (options.keep ?? 0)) return;
        retire(slot);
        void worker.terminate();
      }, idleMs).unref();
      if (answer.ok) pending.resolve(answer.output);
      else {
        const { name, message, code } = answer.error as { name: string; message: string; code: string | null };
        pending.reject(new WorkerTaskError('failed', `${name}: ${message}`, code));
      }
      pump();
    });
    const died = (cause: string, code: string | null) => {
      const pending = retire(slot);
      if (pending) {
        counts.crashed += 1;
        pending.reject(new WorkerTaskError('crashed', cause, code));
      }
      pump();
    };
    // Out of heap (code ERR_WORKER_OUT_OF_MEMORY) or a thread that could not start.
    worker.on('error', (error: Error & { code?: string }) =>
      died(`${error.code ?? error.name}: ${error.message.split('\n')[0]}`, error.code ?? null),
    );
    worker.on('exit', (code) => died(`exit ${code}`, null));
    slots.push(slot);
    return slot;
  }

  function start(slot: Slot, pending: Pending) {
    clearTimeout(slot.idle);
    slot.current = pending;
    slot.worker.ref();
    pending.timer = setTimeout(() => {
      if (retire(slot) !== pending) return;
      counts.overBudget += 1;
      void slot.worker.terminate();
      pending.reject(new WorkerTaskError('budget', `over its budget of ${options.budgetMs} ms`));
      pump();
    }, options.budgetMs);
    const { id, task, input, transfer } = pending;
    slot.worker.postMessage({ id, module: task.module, name: task.name, input }, transfer);
  }

  function pump() {
    while (queue.length > 0) {
      // A thread still loading its modules (warm) is soon free and has them: a new thread
      // would have to load them all again, so the task waits for it instead.
      const warming = slots.some((s) => s.current?.task.name === null);
      const slot = slots.find((s) => s.current === null) ?? (slots.length < options.size && !warming ? spawn() : null);
      if (!slot) return;
      start(slot, queue.shift()!);
    }
  }

  return {
    /**
     * Runs `task` on a thread of the pool; rejects with WorkerTaskError when it does not
     * answer. Buffers in `transfer` move to the thread instead of being copied (they are
     * empty here afterwards).
     */
    run<I, O>(task: WorkerTask<I, O>, input: I, transfer: ArrayBuffer[] = []): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({
          id: nextId++,
          task: task as WorkerTask<unknown, unknown>,
          input,
          transfer,
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        pump();
      });
    },
    /**
     * Starts a thread (when there is none) and loads `modules` in it (package names or file
     * addresses), in the background: the first real task then need not wait for them.
     */
    warm(modules: string[]) {
      if (slots.length > 0) return;
      this.run({ module: '', name: null } as WorkerTask<string[], unknown>, modules).catch(() => {});
    },
    /** Threads now, tasks running and waiting, and what happened so far (for the tests). */
    stats() {
      return {
        threads: slots.length,
        running: slots.filter((s) => s.current).length,
        waiting: queue.length,
        ...counts,
      };
    },
    /** Ends every thread; waiting and running tasks are refused. */
    async close() {
      const ending = slots.map((slot) => {
        const pending = retire(slot);
        pending?.reject(new WorkerTaskError('crashed', 'pool closed'));
        return slot.worker.terminate();
      });
      for (const pending of queue.splice(0)) pending.reject(new WorkerTaskError('crashed', 'pool closed'));
      await Promise.all(ending);
    },
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;
