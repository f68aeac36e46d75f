#!/usr/bin/env node
// `node scripts/check-page-styles.mjs [dist]`. Decision 0414: every page gets only the
// Mantine styles it shows. Checks the built app:
//  - each page the server sends (login pages, lounge, every other route) links one
//    stylesheet, the app's, and it stays under STYLES_LIMIT_KB gzipped: it blocks the first
//    paint, and all of Mantine's styles in it (295 KB) were most of it;
//  - every Mantine class a script uses is defined in the styles that load with that script:
//    the app's stylesheet, or the stylesheets Vite loads before a lazily loaded script runs
//    (listed next to each dynamic import, `__vite__mapDeps`). A component whose styles went
//    missing would show unstyled.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { lazyImportGroups, withStaticImports } from './built-scripts.mjs';

const STYLES_LIMIT_KB = 16;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'packages/web/dist'));
const assets = path.join(dist, 'assets');
if (!fs.existsSync(assets)) {
  console.error('packages/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}
const failures = [];

// Every class name in @mantine/core's component styles.
const mantineStyles = path.join(
  path.dirname(createRequire(path.join(root, 'packages/web/package.json')).resolve('@mantine/core/styles.css')),
  'styles',
);
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;
const mantineClasses = new Set();
for (const file of fs.readdirSync(mantineStyles)) {
  for (const name of fs.readFileSync(path.join(mantineStyles, file), 'utf8').match(MANTINE_CLASS) ?? []) {
    mantineClasses.add(name);
  }
}
const read = (file) => fs.readFileSync(path.join(assets, file), 'utf8');
const classesIn = (file) => new Set((read(file).match(MANTINE_CLASS) ?? []).filter((c) => mantineClasses.has(c)));

// The pages: one stylesheet each, the same one, within the limit.
const pages = fs.readdirSync(dist).filter((file) => file.endsWith('.html'));
const appStyles = new Set();
for (const page of pages) {
  const sheets = [
    ...fs.readFileSync(path.join(dist, page), 'utf8').matchAll(/rel="stylesheet"[^>]*href="\/assets\/([\w.-]+\.css)"/g),
  ];
  if (sheets.length !== 1) failures.push(`${page} links ${sheets.length} stylesheets instead of one`);
  for (const [, sheet] of sheets) appStyles.add(sheet);
}
for (const sheet of appStyles) {
  const kb = zlib.gzipSync(fs.readFileSync(path.join(assets, sheet))).length / 1024;
  if (kb > STYLES_LIMIT_KB) failures.push(`${sheet}: ${kb.toFixed(1)} KB gzip, limit ${STYLES_LIMIT_KB} KB`);
  console.log(`App stylesheet on every page: ${sheet}, ${kb.toFixed(1)} KB gzip (limit ${STYLES_LIMIT_KB} KB).`);
}
const defined = (sheets) => {
  const names = new Set();
  for (const sheet of sheets) for (const name of classesIn(sheet)) names.add(name);
  return names;
};
const appClasses = defined(appStyles);

// The scripts a page loads at once: the ones it names, and what they import statically.
const atOnce = new Set();
for (const page of pages) {
  for (const [, script] of fs.readFileSync(path.join(dist, page), 'utf8').matchAll(/\/assets\/([\w.-]+\.js)/g)) {
    withStaticImports(assets, script, atOnce);
  }
}

/** Names the Mantine classes of `scripts` that `available` lacks. */
function check(scripts, available, context) {
  for (const script of scripts) {
    const missing = [...classesIn(script)].filter((name) => !available.has(name));
    if (missing.length > 0)
      failures.push(
        `${script} (${context}) uses ${missing.length} Mantine classes without their styles, e.g. ${missing[0]}`,
      );
  }
}
check(atOnce, appClasses, 'loaded with the page');

// Lazily loaded scripts: each dynamic import lists what Vite loads before it runs.
const groups = lazyImportGroups(assets);
for (const { importer, files: group } of groups) {
  const available = new Set([...appClasses, ...defined(group.filter((file) => file.endsWith('.css')))]);
  check(new Set(group.filter((file) => file.endsWith('.js'))), available, `loaded by ${importer}`);
}
const lazyImports = groups.length;
const scripts = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
const dynamicImports = scripts.reduce(
  (sum, script) => sum + (read(script).match(/\bimport\([`'"]\.\//g) ?? []).length,
  0,
);
if (lazyImports === 0 || lazyImports !== dynamicImports) {
  failures.push(
    `${dynamicImports} dynamic imports, ${lazyImports} with a preload list: has the build changed how Vite lists what it preloads?`,
  );
}

if (failures.length > 0) {
  console.error([...new Set(failures)].join('\n'));
  process.exit(1);
}
console.log(
  `Mantine styles: every class used by the ${scripts.length} scripts loads with them (${lazyImports} lazy imports checked).`,
);
