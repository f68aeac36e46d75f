#!/usr/bin/env node
// DESIGN.md performance floor: the customer lounge's initial JavaScript stays under
// 180 KB gzipped. Counts what a first visit of /customer/dashboard downloads from the
// built app: the scripts index.html loads or preloads, the lounge page chunk, and every
// chunk those import statically (dynamic imports load later, on demand, and are skipped).
// It also checks that lounge.html announces every one of them, and that they are not
// split into more files than a phone fetches in a few round trips (decision 0413), and how
// lounge.html asks for them (decision 0415).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { lazyImportGroups, withStaticImports } from './built-scripts.mjs';

const LIMIT_KB = Number(process.env.LOUNGE_JS_LIMIT_KB ?? 180);
// Six files after decision 0416 (the app's and the lounge's modules in one file each; 33
// before it, 43 before decision 0413): over HTTP/1.1 every file costs a round trip.
const LIMIT_FILES = 8;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');
const assets = path.join(dist, 'assets');
if (!fs.existsSync(assets)) {
  console.error('packages/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}

const files = new Set();

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
for (const match of html.matchAll(/\/assets\/([\w.-]+\.js)/g)) withStaticImports(assets, match[1], files);
const loungeChunk = fs.readdirSync(assets).find((f) => /^customer-dashboard-page-[\w-]+\.js$/.test(f));
if (!loungeChunk) {
  console.error('No customer-dashboard-page chunk in the build: is the lounge still code-split?');
  process.exit(1);
}
withStaticImports(assets, loungeChunk, files);

const gzipBytes = (file) => zlib.gzipSync(fs.readFileSync(path.join(assets, file))).length;
const sizes = [...files].map((file) => ({ file, gzip: gzipBytes(file) }));
const totalKb = sizes.reduce((sum, s) => sum + s.gzip, 0) / 1024;
const report = sizes
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, 5)
  .map((s) => `  ${(s.gzip / 1024).toFixed(1).padStart(6)} KB  ${s.file}`)
  .join('\n');
if (totalKb > LIMIT_KB) {
  console.error(`Customer lounge initial JavaScript: ${totalKb.toFixed(1)} KB gzip, limit ${LIMIT_KB} KB.\n${report}`);
  process.exit(1);
}
if (files.size > LIMIT_FILES) {
  console.error(
    `Customer lounge initial JavaScript comes in ${files.size} files, limit ${LIMIT_FILES}: ` +
      'are the icons, the app and the lounge still in one chunk each (vite.config.ts, vite-chunk-groups.ts)?',
  );
  process.exit(1);
}
// Decision 0412: the page sent for /customer/dashboard announces all of these files, so the
// browser fetches them without waiting for the app script.
const loungePage = fs.readFileSync(path.join(dist, 'lounge.html'), 'utf8');
const unannounced = [...files].filter((file) => !loungePage.includes(`/assets/${file}`));
if (unannounced.length > 0) {
  console.error(`lounge.html does not preload ${unannounced.length} of the lounge's files: ${unannounced.join(', ')}`);
  process.exit(1);
}

// Decision 0415: the early requests' script is the page's first module script, `async`, and
// small: it must not wait for (or pull in) the app's libraries, or its requests go out no
// earlier than the app's own. The other scripts yield to it and to the stylesheets
// (`fetchpriority="low"`), and the lounge's own stylesheets are announced with the page.
const EARLY_LIMIT_KB = 4;
const failures = [];
const moduleScripts = [...loungePage.matchAll(/<script type="module"[^>]*>/g)].map((m) => m[0]);
const early = moduleScripts[0]?.match(
  /^<script type="module" async crossorigin src="\/assets\/(early-requests-[\w-]+\.js)">$/,
);
if (!early) failures.push(`lounge.html does not start with the early requests' async script: ${moduleScripts[0]}`);
const earlyFiles = early ? [...withStaticImports(assets, early[1])] : [];
const earlyKb = earlyFiles.reduce((sum, file) => sum + gzipBytes(file), 0) / 1024;
if (earlyKb > EARLY_LIMIT_KB)
  failures.push(`The early requests' script needs ${earlyKb.toFixed(1)} KB gzip, limit ${EARLY_LIMIT_KB} KB`);
const scriptTags = [...loungePage.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g)].map(
  (m) => m[0],
);
const isEarly = (tag) => earlyFiles.some((file) => tag.includes(`/assets/${file}"`));
const isLow = (tag) => tag.includes('fetchpriority="low"');
const urgent = scriptTags.filter((tag) => !isEarly(tag) && !isLow(tag));
const slowEarly = scriptTags.filter((tag) => isEarly(tag) && isLow(tag));
if (slowEarly.length > 0)
  failures.push(`lounge.html fetches the early requests' files at low priority: ${slowEarly.join(' ')}`);
if (urgent.length > 0) failures.push(`lounge.html asks for scripts without fetchpriority="low": ${urgent.join(' ')}`);
const loungeStyles = lazyImportGroups(assets)
  .filter(({ files: group }) => group.includes(loungeChunk))
  .flatMap(({ files: group }) => group.filter((file) => file.endsWith('.css')));
if (loungeStyles.length === 0) failures.push('No stylesheets found for the lounge page chunk: has the build changed?');
for (const style of loungeStyles) {
  if (!loungePage.includes(`<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/${style}">`))
    failures.push(`lounge.html does not announce the lounge's stylesheet ${style}`);
}
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}

console.log(
  `Customer lounge initial JavaScript: ${totalKb.toFixed(1)} KB gzip (limit ${LIMIT_KB} KB), ${files.size} files (limit ${LIMIT_FILES}).`,
);
