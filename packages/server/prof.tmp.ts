import { zVisit } from '@butler/contract/visits';
import { and, gte, sql } from 'drizzle-orm';
import { createDatabase } from './src/db/client.js';
import { EmbeddedPostgres } from './src/db/embedded-postgres.js';
import { visits } from './src/db/schema/index.js';
import { viennaDayStart } from './src/domain/vienna-time.js';
import { findVisits } from './src/modules/visits/visit-queries.js';

const embedded = new EmbeddedPostgres({ dataDir: '/tmp/bench10' });
const base = await embedded.start();
const db = createDatabase({ ...base, database: 'butler_bench_x10' }, () => {});
const where = and(
  gte(visits.startsAt, viennaDayStart('2026-11-30')),
  sql`${visits.startsAt} < ${viennaDayStart('2026-12-07').toISOString()}::timestamptz`,
);
for (let k = 0; k < 3; k++) {
  let t = performance.now();
  const list = await findVisits(db, where);
  const a = performance.now() - t;
  t = performance.now();
  const json = JSON.stringify(zVisit.array().parse(list));
  const b = performance.now() - t;
  t = performance.now();
  JSON.stringify(list);
  const c = performance.now() - t;
  console.log(list.length, 'find', a.toFixed(1), 'zod+json', b.toFixed(1), 'json', c.toFixed(1), json.length);
}
await embedded.stop();
process.exit(0);
