/** Sequential HTTP timing with fetch over loopback; bounded request counts. */

export type Timing = { name: string; requests: number; p50: number; p95: number; p99: number; max: number };

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export async function measure(
  name: string,
  nextUrl: (i: number) => string,
  /** null: without sign-in (a calendar fetching a Kalender-Abo). */
  token: string | null,
  options: { warmup: number; requests: number; before?: () => Promise<unknown> },
): Promise<Timing> {
  const call = async (url: string) => {
    await options.before?.();
    const started = performance.now();
    const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    const body = await res.text();
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`${name}: ${url} answered ${res.status} ${body.slice(0, 200)}`);
    return elapsed;
  };
  for (let i = 0; i < options.warmup; i++) await call(nextUrl(i));
  const times: number[] = [];
  for (let i = 0; i < options.requests; i++) times.push(await call(nextUrl(options.warmup + i)));
  times.sort((a, b) => a - b);
  return {
    name,
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1)!,
  };
}

/** Width of the name column: the longest name, at least 44 characters. */
const nameWidth = (rows: Timing[]) => Math.max(44, ...rows.map((r) => r.name.length));

export function printTable(rows: Timing[], targetP95: number) {
  const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`;
  const width = nameWidth(rows);
  console.log(
    `\n${'Endpoint'.padEnd(width)} ${'n'.padStart(5)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)}  target`,
  );
  console.log('-'.repeat(width + 52));
  for (const r of rows) {
    const ok = r.p95 <= targetP95 ? 'ok' : 'MISSED';
    console.log(
      `${r.name.padEnd(width)} ${String(r.requests).padStart(5)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.p99)}  p95 ≤ ${targetP95} ms ${ok}`,
    );
  }
}

/** Figures shown for information, without a target (the first answer after a write). */
export function printInformational(title: string, rows: Timing[]) {
  const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`;
  const width = nameWidth(rows);
  console.log(`\n${title}`);
  console.log(
    `${'Endpoint'.padEnd(width)} ${'n'.padStart(5)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'max'.padStart(10)}`,
  );
  console.log('-'.repeat(width + 40));
  for (const r of rows)
    console.log(`${r.name.padEnd(width)} ${String(r.requests).padStart(5)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.max)}`);
}
