import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'acorn';
import { full } from 'acorn-walk';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * One spelling per term (decision 0624): every text in the sources a person can
 * read (string literals, template text, JSX text of web, server and contract) keeps out the
 * spellings below, unless SPEC.md fixes that very text (its quoted texts are the exceptions).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const FORBIDDEN: Array<{ pattern: RegExp; instead: string }> = [
  { pattern: /BUTLER-Paket|Butler-Paket/, instead: 'ButlerPaket' },
  // A ButlerPaket is never an "Abo"; a "Kalender-Abo" (an iCal subscription, decision 0841) is another thing.
  { pattern: /(?<!Kalender-)\bAbos?\b/, instead: 'ButlerPaket' },
  // SPEC §5 names the fields "R-Schwellenwert {n}" and "Rabatt-Cap {n}"; the English word alone is not German.
  { pattern: /(?<!-)\bCaps?\b/, instead: 'Obergrenze' },
  { pattern: /…/, instead: '"..." (SPEC.md’s ellipsis)' },
  { pattern: /(^|[\d})]) %/, instead: 'a no-break space before % (formatPercent)' },
  { pattern: /E-Mail\/Benutzername/, instead: 'E-Mail-Adresse (customers) or Benutzername (staff)' },
];

/** Every quoted text of SPEC.md: the only places a forbidden spelling may stand. */
const SPEC_TEXTS = [...readFileSync(path.join(ROOT, 'docs/spec/SPEC.md'), 'utf8').matchAll(/'([^'\n]+)'/g)].map(
  (m) => m[1],
);
const fixedBySpec = (text: string) =>
  /[A-Za-zÄÖÜäöü]{3}/.test(text) && SPEC_TEXTS.some((spec) => spec.includes(text.trim()));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$|fixture/.test(name) ? [full] : [];
  });
}

/**
 * The readable texts of one file: string literals and template text after esbuild turned the
 * TypeScript/JSX into plain JavaScript (JSX text becomes string arguments; types and comments
 * are gone), read with acorn. Not SQL (`sql` tagged templates) and not module names.
 */
function textsOf(file: string): string[] {
  const { code } = transformSync(readFileSync(file, 'utf8'), {
    loader: file.endsWith('x') ? 'tsx' : 'ts',
    jsx: 'automatic',
    legalComments: 'none',
  });
  const found: string[] = [];
  const skip = new Set<unknown>();
  full(parse(code, { ecmaVersion: 'latest', sourceType: 'module' }), (node: any) => {
    if (node.type === 'TaggedTemplateExpression' && node.tag.type === 'Identifier' && node.tag.name === 'sql') {
      for (const q of node.quasi.quasis) skip.add(q);
    }
    if (
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportNamedDeclaration' ||
      node.type === 'ExportAllDeclaration'
    ) {
      if (node.source) skip.add(node.source);
    }
    if (node.type === 'ImportExpression') skip.add(node.source);
  });
  full(parse(code, { ecmaVersion: 'latest', sourceType: 'module' }), (node: any) => {
    const text =
      node.type === 'Literal' && typeof node.value === 'string'
        ? node.value
        : node.type === 'TemplateElement'
          ? node.value.cooked
          : null;
    if (text && /[A-Za-zÄÖÜäöü%…]/.test(text)) found.push(text);
  });
  return found.filter((t) => !skip.has(t));
}

describe('one spelling per term', () => {
  it('keeps BUTLER-Paket, Abo, Cap, "…", a breaking "97 %" and "E-Mail/Benutzername" out of every text', () => {
    const files = ['packages/web/src', 'packages/server/src', 'packages/contract/src'].flatMap((d) =>
      sourceFiles(path.join(ROOT, d)),
    );
    expect(files.length).toBeGreaterThan(300);
    const findings: string[] = [];
    for (const file of files) {
      for (const text of textsOf(file)) {
        for (const { pattern, instead } of FORBIDDEN) {
          if (pattern.test(text) && !fixedBySpec(text)) {
            findings.push(`${path.relative(ROOT, file)}: „${text.trim()}“ → ${instead}`);
          }
        }
      }
    }
    expect(findings).toEqual([]);
  });

  it('finds what it looks for', () => {
    const hit = (text: string) => FORBIDDEN.some(({ pattern }) => pattern.test(text) && !fixedBySpec(text));
    expect(hit('Neues BUTLER-Paket')).toBe(true);
    expect(hit('Lade ablaufende Pakete…')).toBe(true);
    expect(hit('zu 97 % genutzt')).toBe(true);
    expect(hit('zu 97\u00a0% genutzt')).toBe(false);
    expect(hit('Keine BUTLER-Pakete vorhanden')).toBe(false);
  });
});
