/**
 * `npm run backup [FILE]`: a consistent logical backup of the database — every wiki
 * file, issued document, reminder letter and the logo included (blob store) — default `DATA_DIR/backups/butler-YYYY-MM-DD-HHMMSS.backup`. The encryption
 * key is deliberately not included (see docs/decisions/0002-embedded-postgresql.md).
 */
import path from 'node:path';
import { defaultBackupFile, RUNTIME_TABLES } from '../db/backup/backup-format.js';
import { openCliDatabase } from '../db/backup/cli-database.js';
import { writeBackup } from '../db/backup/write-backup.js';
import { readEnv } from '../env.js';

const env = readEnv();
const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('de-AT', { maximumFractionDigits: 1 })} MB`;
const target = process.argv[2] ? path.resolve(process.argv[2]) : defaultBackupFile(env.DATA_DIR);
try {
  const database = await openCliDatabase(env, 'backup');
  try {
    const summary = await writeBackup(database.config, target, path.join(env.DATA_DIR, 'uploads'));
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    console.log(`Sicherung geschrieben: ${summary.file}`);
    console.log(
      `Quelle: ${database.source}; ${rows} Zeilen aus ${Object.keys(summary.tables).length} Tabellen, darin ${summary.blobs} Dateien und Dokumente (${megabytes(summary.blobBytes)}).`,
    );
    console.log(
      'Hinweis: Der Schlüssel (DATA_DIR/encryption.key bzw. ENCRYPTION_KEY) ist nicht enthalten; bitte getrennt sichern.',
    );
    console.log(
      `Bewusst nicht enthalten (nur für den laufenden Betrieb): ${Object.values(RUNTIME_TABLES).join(', ')}. Nach einer Wiederherstellung melden sich alle neu an.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`Sicherung fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
