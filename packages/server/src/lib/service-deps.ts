import type { Database } from '../db/client.js';
import type { Env } from '../env.js';
import { todayVienna } from './clock.js';

/** What the Quickbill, SEPA and statement services need, created once per app. */
export type ServiceDeps = {
  db: Database;
  env: Env;
  /** Today in Vienna: lib/clock.ts's, which tests pin with setClock; a caller may fix it (the data export's one day). */
  today: () => string;
};

export function createServiceDeps(db: Database, env: Env): ServiceDeps {
  return { db, env, today: todayVienna };
}
