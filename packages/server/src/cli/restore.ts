/**
 * `npm run restore FILE`: restores a backup of `npm run backup` into an empty
 * database (a new DATA_DIR, or a new database behind DATABASE_URL), every stored file's
 * sha256 checked before the commit; legacy files of old backups go to DATA_DIR/uploads
 * and into the database at the next start (decision 0342). Run it before the first start of the portal there.
 */
import path from 'node:path';
import { openCliDatabase } from '../db/backup/cli-database.js';
import { restoreBackup } from '../db/backup/restore-backup.js';
import { readEnv } from '../env.js';

const env = readEnv();
const file = process.argv[2];
if (!file) {
  console.error('Aufruf: npm run restore DATEI');
  process.exit(2);
}
try {
  const database = await openCliDatabase(env, 'restore');
  try {
    const summary = await restoreBackup(database.config, path.resolve(file), path.join(env.DATA_DIR, 'uploads'));
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Wiederhergestellt in ${database.source}: ${rows} Zeilen, darin ${summary.blobs} Dateien und Dokumente (Prüfsummen geprüft).`,
    );
    console.log(
      'Den Schlüssel (encryption.key bzw. ENCRYPTION_KEY) der alten Installation bitte ebenfalls übernehmen.',
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`Wiederherstellung fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
