import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { ENTRY_STYLES_MODULE, entryStyles, mantineComponentStyles } from '../../vite-mantine-styles';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Inside the package, so @mantine/core resolves from the package's node_modules.
const scratch = path.join(webRoot, 'node_modules', '.cache', 'mantine-styles-test');

function projectWithEntry(names: string[]): string {
  mkdirSync(path.join(scratch, 'src', 'app'), { recursive: true });
  writeFileSync(path.join(scratch, 'package.json'), '{}');
  const imports = names.map((name) => `import '@mantine/core/styles/${name}.css';\n`).join('');
  writeFileSync(path.join(scratch, ENTRY_STYLES_MODULE), imports);
  return scratch;
}

type Transform = (code: string, id: string) => { code: string } | string | null;
function pluginFor(root: string, command: 'build' | 'serve') {
  const plugin = mantineComponentStyles();
  (plugin.configResolved as (config: ResolvedConfig) => void)({ root, command } as ResolvedConfig);
  return plugin.transform as Transform;
}
const moduleOf = (component: string) =>
  `/app/node_modules/@mantine/core/esm/components/${component}/${component}.module.mjs`;

afterEach(() => rmSync(scratch, { recursive: true, force: true }));

describe('Mantine styles per component (decision 0414)', () => {
  it('the app brings the base styles and what the login and the lounge show, in Mantine’s order', () => {
    const names = entryStyles(webRoot);
    expect(names.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    for (const shown of ['Button', 'Input', 'PasswordInput', 'Card', 'Progress']) expect(names).toContain(shown);
    expect(names).not.toContain('Table');
  });

  it('refuses an entry list out of Mantine’s order or naming a file Mantine does not have', () => {
    expect(() => entryStyles(projectWithEntry(['baseline', 'Button', 'UnstyledButton']))).toThrow(
      /UnstyledButton\.css must come earlier/,
    );
    expect(() => entryStyles(projectWithEntry(['baseline', 'Buton']))).toThrow(/has no styles\/Buton\.css/);
  });

  it('a component outside the entry list imports its own styles after its class names', () => {
    const transform = pluginFor(projectWithEntry(['baseline', 'UnstyledButton', 'Button']), 'build');
    const table = transform('export default { root: "m_b23fa0ef" };', moduleOf('Table'));
    expect(table).toEqual({
      code: `export default { root: "m_b23fa0ef" };\nimport '@mantine/core/styles/Table.css';\n`,
      map: null,
    });
    expect(transform('export default {};', moduleOf('Button'))).toBeNull();
    expect(transform('export const x = 1;', '/app/src/features/table.tsx')).toBeNull();
    expect(transform('export {};', '/app/node_modules/@mantine/core/esm/components/Table/Table.mjs')).toBeNull();
  });

  it('the dev server, which pre-bundles Mantine, gets all of Mantine’s styles with the app', () => {
    const root = projectWithEntry(['baseline']);
    const transform = pluginFor(root, 'serve');
    expect(transform('', path.join(root, ENTRY_STYLES_MODULE))).toBe(`\nimport '@mantine/core/styles.css';\n`);
    expect(transform('export default {};', moduleOf('Table'))).toBeNull();
  });
});
