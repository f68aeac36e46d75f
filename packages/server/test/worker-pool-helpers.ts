/** Tasks for lib/worker-pool.test.ts, run in worker threads. */

export function echo(input: { bytes: Uint8Array; big: bigint; text: string }) {
  return {
    length: input.bytes.length,
    sum: input.bytes.reduce((a, b) => a + b, 0),
    big: input.big * 2n,
    text: input.text,
  };
}

/** Keeps its thread busy for `ms` milliseconds (a parse that takes too long). */
export function spin(ms: number) {
  const until = Date.now() + ms;
  let n = 0;
  while (Date.now() < until) n++;
  return n > 0;
}

/** Grows its heap until the thread's limit ends it. */
export function allocate() {
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
}

/** Throws like a parser that quotes its input below the message. */
export function fail() {
  throw Object.assign(new RangeError('bad input at line 3\n<Nm>Maximiliane Mustermann</Nm>'), { code: 'E_PARSE' });
}
