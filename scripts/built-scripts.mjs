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
