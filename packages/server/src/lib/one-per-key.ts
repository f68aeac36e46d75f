/**
 * One task at a time per key (a person): a second one while the first runs is refused at
 * once, not queued, so nobody can pile up work behind their own slow request (decision 0700).
 * Per process, like the upload slots.
 */
export function createOnePerKey<K>() {
  const running = new Set<K>();
  return {
    async run<T>(key: K, task: () => Promise<T>, refusal: () => Error): Promise<T> {
      if (running.has(key)) throw refusal();
      running.add(key);
      try {
        return await task();
      } finally {
        running.delete(key);
      }
    },
  };
}
