import { sql } from 'drizzle-orm';
import { PortalAlreadyRunningError } from '../db/embedded-postgres.js';
import { openDatabase } from '../db/open-database.js';
import { readEnv } from '../env.js';
import { verifyHourSummaries } from '../modules/hour-accounting/verify-summaries.js';

/**
 * `npm run db:verify-summaries`: recomputes the hour summaries (monthly, yearly, package
 * totals and spans) from the ledger and compares them with the stored rows (decision 0560).
 * Exit code 1 and the first differences when they disagree. With the embedded database the
 * portal must be stopped; with DATABASE_URL it may run.
 */
async function main() {
  const env = readEnv();
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(env, () => {});
  } catch (error) {
    if (error instanceof PortalAlreadyRunningError) {
      console.error(`\n${error.message}\nBitte beenden Sie das Portal oder prüfen Sie über DATABASE_URL.\n`);
      process.exit(1);
    }
    throw error;
  }
  try {
    const started = performance.now();
    const differences = await verifyHourSummaries(opened.db);
    const counts = (
      await opened.db.execute(sql`SELECT (SELECT count(*) FROM customers)::int AS customers,
        (SELECT count(*) FROM hour_month_summaries)::int AS months, (SELECT count(*) FROM hour_year_summaries)::int AS years`)
    ).rows[0] as { customers: number; months: number; years: number };
    const took = ((performance.now() - started) / 1000).toFixed(1);
    if (differences.length === 0) {
      console.log(
        `Stundensummen stimmen mit den Buchungen überein: ${counts.customers} Kunden, ${counts.months} Monats- und ${counts.years} Jahreszeilen geprüft (${took} s).`,
      );
      return;
    }
    console.error(`Stundensummen weichen von den Buchungen ab (${differences.length} Zeilen, die ersten je Tabelle):`);
    for (const d of differences)
      console.error(`  ${d.table} ${d.kind === 'missing' ? 'fehlt' : 'zu viel'}: ${JSON.stringify(d.row)}`);
    process.exitCode = 1;
  } finally {
    await opened.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
