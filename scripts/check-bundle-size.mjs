#!/usr/bin/env node
// DESIGN.md performance floor: the customer lounge's initial JavaScript stays under
// 180 KB gzipped. Counts what a first visit of /customer/dashboard downloads from the
// built app: the scripts index.html loads or preloads, the lounge page chunk, and every
// chunk those import statically (dynamic imports load later, on demand, and are skipped).
// It also checks that lounge.html announces every one of them, and that they are not
// split into more files than a phone fetches in a few round trips (decision 0413).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { withStaticImports } from './built-scripts.mjs';

const LIMIT_KB = Number(process.env.LOUNGE_JS_LIMIT_KB ?? 180);
// 31 files after decision 0413 (43 before: one small file per icon and page).
const LIMIT_FILES = 36;
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

const sizes = [...files].map((file) => ({
  file,
  gzip: zlib.gzipSync(fs.readFileSync(path.join(assets, file))).length,
}));
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
      'is every icon still in the one icons chunk (vite.config.ts)?',
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

console.log(
  `Customer lounge initial JavaScript: ${totalKb.toFixed(1)} KB gzip (limit ${LIMIT_KB} KB), ${files.size} files (limit ${LIMIT_FILES}).`,
);
