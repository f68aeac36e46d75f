import { PortalAlreadyRunningError } from '../db/embedded-postgres.js';
import { openDatabase } from '../db/open-database.js';
import { readEnv } from '../env.js';
import { rotateKey } from '../modules/wiki/key-rotation.js';

/**
 * `npm run rotate-key`: a new wiki key, every secret re-encrypted with it in one
 * transaction. Stop the portal first (docs/decisions/0140-wiki-key-ring.md).
 */
async function main() {
  const env = readEnv();
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(env, () => {});
  } catch (error) {
    if (error instanceof PortalAlreadyRunningError) {
      console.error(`\n${error.message}\nBitte beenden Sie das Portal, bevor Sie den Schlüssel wechseln.\n`);
      process.exit(1);
    }
    throw error;
  }
  try {
    const outcome = await rotateKey(opened.db, env);
    if (outcome.kind === 'rotated') {
      console.log(
        `Schlüsselversion ${outcome.version} ist aktiv; ${outcome.entries} Wiki-Einträge (${outcome.values} Werte) neu verschlüsselt.`,
      );
      if (outcome.keyFile) {
        console.log(`Schlüsseldatei: ${outcome.keyFile}`);
        console.log('WICHTIG: Sichern Sie diese Datei jetzt erneut, getrennt von der Datenbanksicherung.');
      }
    } else {
      console.log('Alle Werte verwenden bereits den aktuellen ENCRYPTION_KEY. Neuer Schlüssel zum Einrichten:');
      console.log(`\n  ENCRYPTION_KEY=${outcome.encryptionKey}`);
      console.log(`  ENCRYPTION_KEY_PREVIOUS=${outcome.previousKeys}\n`);
      console.log('Setzen Sie beide Variablen, und führen Sie danach "npm run rotate-key" erneut aus.');
      console.log('Bewahren Sie die Schlüssel sicher auf: ohne sie sind die Wiki-Passwörter verloren.');
    }
  } finally {
    await opened.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
