import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import { todayVienna } from '../../lib/clock.js';

/** What the Quickbill services need, created once per app. */
export type QuickbillDeps = {
  db: Database;
  env: Env;
  /** Today in Vienna: lib/clock.ts's, which tests pin with setClock; a caller may fix it (the data export's one day). */
  today: () => string;
};

export function createQuickbillDeps(db: Database, env: Env): QuickbillDeps {
  return { db, env, today: todayVienna };
}
