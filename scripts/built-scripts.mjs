// Shared by the checks of the built web app (check-bundle-size, check-page-styles).
import fs from 'node:fs';
import path from 'node:path';

/**
 * Adds `script` (a file in `assets`) and every chunk it imports statically to `into`:
 * `import{a}from"./x.js"` and `import"./x.js"`. `import("./x.js")` is dynamic, loads later,
 * on demand, and is skipped.
 */
export function withStaticImports(assets, script, into = new Set()) {
  if (into.has(script)) return into;
  into.add(script);
  const code = fs.readFileSync(path.join(assets, script), 'utf8');
  for (const match of code.matchAll(/(?:\bimport|\bfrom)\s*["']\.\/([\w.-]+\.js)["']/g)) {
    withStaticImports(assets, match[1], into);
  }
  return into;
}

/**
 * Each dynamic import of the built scripts with the files Vite loads before it runs (the
 * `__vite__mapDeps` list next to it): `{ importer, files }`, file names in `assets`.
 */
export function lazyImportGroups(assets) {
  const groups = [];
  for (const importer of fs.readdirSync(assets).filter((file) => file.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(assets, importer), 'utf8');
    const list = code.match(/m\.f\|\|\(m\.f=(\[[^\]]*\])\)/);
    if (!list) continue;
    const files = JSON.parse(list[1]).map((file) => path.basename(file));
    for (const [, indices] of code.matchAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g)) {
      groups.push({ importer, files: indices.split(',').map((i) => files[Number(i)]) });
    }
  }
  return groups;
}
