/**
 * At most `slots` callers run at once; the others wait in order. Used where a task holds
 * a pool connection for long (a streamed upload), so other requests always find one.
 */
export function createSemaphore(slots: number) {
  let free = slots;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free++;
      }
    },
  };
}
