import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { todayInVienna } from '@butler/contract/format';
import { buildApp } from './app.js';
import { PortalAlreadyRunningError } from './db/embedded-postgres.js';
import { openDatabase } from './db/open-database.js';
import { DEMO_PASSWORD } from './demo/demo-password.js';
import { readEnv } from './env.js';
import { ensureFirstAdmin } from './lib/bootstrap-admin.js';
import { loggerOptions, scrubLogText } from './lib/log-safety.js';
import { startReport } from './lib/start-report.js';
import { moveDataDirIntoDatabase } from './modules/data-dir-move/data-dir-move.js';
import { startJobRunner } from './modules/jobs/job-runner.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../../web/dist');

/** Starts the portal: database (embedded or DATABASE_URL), migrations, first admin, HTTP. */
async function main() {
  const demo = process.argv.includes('--demo');
  const env = readEnv();
  const log = (line: string) => {
    if (env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace') console.log(line);
  };
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(env, log);
  } catch (error) {
    if (error instanceof PortalAlreadyRunningError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { db } = opened;
  // Files of earlier versions under DATA_DIR move into PostgreSQL (decision 0342).
  const moved = await moveDataDirIntoDatabase(db, env.DATA_DIR);
  if (moved.moved.length) console.log(`${moved.moved.length} Dateien aus ${env.DATA_DIR} in die Datenbank übernommen.`);
  for (const { file, reason } of moved.left) console.warn(`Nicht übernommen: ${file} (${reason})`);
  // Demo only: a first admin created without ADMIN_PASSWORD gets the published demo
  // password, so the printed logins work; an existing admin is never touched.
  const demoAdminPassword = demo && !env.ADMIN_PASSWORD ? DEMO_PASSWORD : undefined;
  const admin = await ensureFirstAdmin(db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD ?? demoAdminPassword, env.ADMIN_NAME);
  let demoLogins: string[] = [];
  let demoSeeded = false;
  const demoToday = todayInVienna();
  if (demo) {
    const { seedDemoData, DEMO_SEEDED_PREFIX } = await import('./demo/seed-demo.js');
    demoLogins = await seedDemoData(db, {
      today: demoToday,
      adminPassword: admin.created ? demoAdminPassword : undefined,
    });
    demoSeeded = demoLogins[0]?.startsWith(DEMO_SEEDED_PREFIX) ?? false;
  }
  const app = await buildApp({
    db,
    env,
    webDist,
    logger: env.LOG_LEVEL === 'silent' ? false : loggerOptions(env),
  });

  if (demoSeeded) {
    // Invoices, password entries and files go through the API's own rules (decision 0420).
    const { seedDemoDocuments } = await import('./demo/seed-documents.js');
    demoLogins.splice(1, 0, await seedDemoDocuments(app, db, demoToday));
    const { seedDemoSepa } = await import('./demo/seed-sepa.js');
    demoLogins.splice(2, 0, await seedDemoSepa(app, db, demoToday));
    const { seedDemoMandateOnline } = await import('./demo/seed-mandate-online.js');
    demoLogins.splice(3, 0, await seedDemoMandateOnline(app, db, demoToday));
    const { seedDemoStatements } = await import('./demo/seed-statements.js');
    demoLogins.splice(3, 0, await seedDemoStatements(db, env, demoToday));
    const { seedDemoOrders } = await import('./demo/seed-orders.js');
    demoLogins.splice(4, 0, await seedDemoOrders(app, db, demoToday));
    const { seedDemoHandovers } = await import('./demo/seed-handovers.js');
    demoLogins.splice(5, 0, await seedDemoHandovers(app, db, demoToday));
    const { seedDemoVisits } = await import('./demo/seed-visits.js');
    demoLogins.splice(6, 0, await seedDemoVisits(app, db, demoToday));
    const { seedDemoHourShop } = await import('./demo/seed-hour-shop.js');
    demoLogins.splice(7, 0, await seedDemoHourShop(app, db, demoToday));
    const { seedDemoPackageChanges } = await import('./demo/seed-package-changes.js');
    demoLogins.splice(8, 0, await seedDemoPackageChanges(app, db, demoToday));
    const { seedDemoMonthConfirmations } = await import('./demo/seed-month-confirmations.js');
    demoLogins.splice(9, 0, await seedDemoMonthConfirmations(app, db, demoToday));
  }

  // Background jobs (mails, alerts, statements) run in this process; several portal
  // processes on one database share the queue, each job runs once (docs/decisions/0320).
  const jobs = await startJobRunner({
    db,
    env,
    log: env.LOG_LEVEL === 'silent' ? () => {} : (line) => console.warn(line),
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, stopping the portal ...`);
    const force = setTimeout(() => process.exit(1), 20_000);
    await app.close().catch(() => {});
    await jobs.stop().catch(() => {});
    await opened.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : env.PORT;
  const address = `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`;
  const storage = opened.kind === 'embedded' ? `Daten in ${env.DATA_DIR}` : 'externe PostgreSQL-Datenbank';
  for (const line of startReport({ address, storage, env, admin })) console.log(line);
  for (const line of demoLogins) console.log(line);
}

main().catch((error) => {
  // A failed start may be a failed query: its parameters stay out of the log (decision 0501).
  console.error(scrubLogText(String(error?.stack ?? error)));
  process.exit(1);
});
