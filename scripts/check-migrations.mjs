// Fails when the Drizzle schema and the committed migrations drift apart: runs
// `drizzle-kit generate` against a copy of the committed migrations and requires it to
// find nothing to generate.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// drizzle-kit wants paths relative to the working directory.
const work = path.join('.tmp', `drizzle-check-${process.pid}`);
const copy = path.join(work, 'drizzle');
rmSync(path.join(root, work), { recursive: true, force: true });
mkdirSync(path.join(root, work), { recursive: true });
cpSync(path.join(root, 'packages/server/drizzle'), path.join(root, copy), { recursive: true });
const config = path.join(work, 'drizzle.config.mjs');
writeFileSync(
  path.join(root, config),
  `export default { dialect: 'postgresql', schema: './packages/server/src/db/schema/index.ts', out: './${copy}' };`,
);
const run = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config], { cwd: root, encoding: 'utf8' });
rmSync(path.join(root, work), { recursive: true, force: true });
const output = `${run.stdout}\n${run.stderr}`;
if (run.status !== 0 || !output.includes('No schema changes')) {
  console.error('The schema has changes without a migration (or drizzle-kit failed).');
  console.error('Run `npm run db:generate` and commit the result.\n');
  console.error(output);
  process.exit(1);
}
console.log('Migrations match the schema.');
