// Fails when the Drizzle schema and the committed migrations drift apart:
// generates into a temporary copy and checks that nothing new would be written.
import { execSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const committed = path.join(root, 'packages/server/drizzle');
const temp = mkdtempSync(path.join(os.tmpdir(), 'drizzle-check-'));
const copy = path.join(temp, 'drizzle');
cpSync(committed, copy, { recursive: true });
const config = path.join(temp, 'drizzle.config.mjs');
const { writeFileSync } = await import('node:fs');
writeFileSync(
  config,
  `export default { dialect: 'postgresql', schema: ${JSON.stringify(path.join(root, 'packages/server/src/db/schema/index.ts'))}, out: ${JSON.stringify(copy)} };`,
);
const before = readdirSync(copy).length;
const output = execSync(`npx drizzle-kit generate --config ${config}`, { cwd: root, encoding: 'utf8' });
const after = readdirSync(copy).length;
rmSync(temp, { recursive: true, force: true });
if (after !== before) {
  console.error('The schema has changes without a migration. Run `npm run db:generate` and commit the result.');
  console.error(output);
  process.exit(1);
}
console.log('Migrations match the schema.');
