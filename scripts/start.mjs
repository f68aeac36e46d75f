// `npm start` / `npm run demo`: build the web app if it is not built yet, then run the
// server in this same process (tsx compiles the TypeScript on the fly).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'packages/web');
const builtIndex = path.join(webDir, 'dist/index.html');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(webDir, 'src'), path.join(root, 'packages/contract/src')];
const needsBuild = !existsSync(builtIndex) || Math.max(...sources.map(newestSource)) > statSync(builtIndex).mtimeMs;
if (needsBuild) {
  console.log('Baue die Web-Oberfläche …');
  execSync('npm run build -w @butler/web', { cwd: root, stdio: 'inherit' });
}

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'packages/server/src/main.ts')).href);
