import { PortalAlreadyRunningError } from '../db/embedded-postgres.js';
import { openDatabase } from '../db/open-database.js';
import { readEnv } from '../env.js';
import { verifyArchive } from '../modules/accounting-export/archive-verify.js';

/**
 * `npm run archive:verify`: recomputes the hashes of every kept handover to the tax adviser
 * and of every stored document it holds against its manifest (decision 0820). Exit code 1
 * and the differences when anything changed. With the embedded database the portal must be
 * stopped; with DATABASE_URL it may run.
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
    const result = await verifyArchive(opened.db);
    if (result.differences.length === 0) {
      console.log(
        `Archiv unverändert: ${result.exports} Übergaben und ${result.documents} Belege stimmen mit ihren SHA-256-Prüfsummen überein.`,
      );
      return;
    }
    console.error(`Archiv weicht ab (${result.differences.length}):`);
    for (const d of result.differences)
      console.error(`  Übergabe ${d.exportId}${d.path ? ` – ${d.path}` : ''}: ${d.problem}`);
    process.exitCode = 1;
  } finally {
    await opened.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
