import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The module that imports the Mantine styles every page gets with the app (decision 0414). */
export const ENTRY_STYLES_MODULE = 'src/app/mantine-styles.ts';

const COMPONENT_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/;
const ENTRY_IMPORT = /^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm;

/** The component style files the entry module imports, checked against Mantine's own order. */
export function entryStyles(root: string): string[] {
  const source = readFileSync(path.join(root, ENTRY_STYLES_MODULE), 'utf8');
  const names = [...source.matchAll(ENTRY_IMPORT)].map((match) => match[1]);
  const stylesDir = path.dirname(createRequire(path.join(root, 'package.json')).resolve('@mantine/core/styles.css'));
  const all = readFileSync(path.join(stylesDir, 'styles.css'), 'utf8');
  let previous = -1;
  for (const name of names) {
    const file = path.join(stylesDir, 'styles', `${name}.css`);
    if (!existsSync(file)) throw new Error(`${ENTRY_STYLES_MODULE}: @mantine/core has no styles/${name}.css`);
    const at = all.indexOf(readFileSync(file, 'utf8').trim().slice(0, 400));
    if (at < previous) {
      throw new Error(
        `${ENTRY_STYLES_MODULE}: ${name}.css must come earlier, in the order of @mantine/core/styles.css`,
      );
    }
    previous = at;
  }
  return names;
}

/**
 * Each Mantine component brings its own styles, instead of all of @mantine/core/styles.css
 * (295 KB) in front of every page: the module that holds a component's class names imports
 * the matching file of @mantine/core/styles, so Vite puts it next to the script that uses
 * the component and loads it with that script. Mantine names both after the component
 * (Button.module.mjs, styles/Button.css), and a component imports the components it builds
 * on before its own class names, so their styles keep Mantine's order. The components the
 * login and the lounge show come in one file with the app instead (ENTRY_STYLES_MODULE),
 * not as a dozen small files.
 */
export function mantineComponentStyles(): Plugin {
  let inEntry = new Set<string>();
  let entryModule = '';
  let devServer = false;
  return {
    name: 'butler-mantine-component-styles',
    enforce: 'pre',
    configResolved(config) {
      inEntry = new Set(entryStyles(config.root));
      entryModule = path.join(config.root, ENTRY_STYLES_MODULE);
      devServer = config.command === 'serve';
    },
    transform(code, id) {
      // The dev server hands Mantine to the browser pre-bundled, past this transform: there
      // the entry module brings all of Mantine's styles, as before decision 0414.
      if (devServer) return id === entryModule ? `${code}\nimport '@mantine/core/styles.css';\n` : null;
      const name = id.split('?')[0].match(COMPONENT_CLASSES)?.[1];
      if (!name || inEntry.has(name)) return null;
      return { code: `${code}\nimport '@mantine/core/styles/${name}.css';\n`, map: null };
    },
  };
}
