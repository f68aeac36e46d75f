import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { injectBrand } from './brand-page.js';
import { escapeHtml } from './escape-html.js';

/**
 * Text put into a page, mail or PDF is inserted literally (decision 0703): a replacement
 * *string* of `String.prototype.replace` reads `$&`, `` $` ``, `$'` and `$1` as patterns, so
 * a company name "Ca$h" could copy parts of the page into itself. Replacements that carry
 * computed text are functions; only fixed strings written in the code may use patterns.
 */

const PAGE = `<!doctype html><html><head><title>Mein BUTLER</title></head><body>
<svg data-brand-seal="48"><text data-brand-initial="true">B</text></svg>
<span data-brand-name="true">Mein BUTLER</span></body></html>`;

describe('the brand in a served page', () => {
  it.each(["Ca$h $' Service", 'Ca$h $` Service', 'Ca$h $& Service', 'Ca$h $1$2 Service'])(
    'shows %s exactly once per place, and the page keeps its shape',
    (name) => {
      const out = injectBrand(PAGE, { name, accent: null, logo: null });
      expect(out.match(/<title>/g)).toHaveLength(1);
      expect(out.match(/<html/g)).toHaveLength(1);
      expect(out).toContain(`<title>${escapeHtml(name)}</title>`);
      expect(out).toContain(`<span data-brand-name="true">${escapeHtml(name)}</span>`);
      expect(out.match(/<script/g)).toHaveLength(1);
      const data = /<script type="application\/json" id="brand-data">([^<]*)<\/script>/.exec(out)?.[1];
      expect(JSON.parse(data ?? 'null')).toEqual({ name, accent: null, logo_url: null });
    },
  );
});

const ROOTS = [path.resolve(import.meta.dirname, '..'), path.resolve(import.meta.dirname, '../../../contract/src')];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The end (exclusive) of a string, template or regex literal that starts at `i`. */
function skipLiteral(text: string, i: number): number {
  const quote = text[i];
  let inClass = false;
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (quote === '/' && text[j] === '[') inClass = true;
    else if (quote === '/' && text[j] === ']') inClass = false;
    else if (text[j] === quote && !inClass) {
      let end = j + 1;
      if (quote === '/') while (/[a-z]/.test(text[end])) end++;
      return end;
    }
  }
  return text.length;
}

/** The first argument's end: the index of the comma after it (nesting and literals skipped). */
function firstArgumentEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`' || (c === '/' && i === start)) i = skipLiteral(text, i) - 1;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return -1;
      depth--;
    } else if (c === ',' && depth === 0) return i;
  }
  return -1;
}

/** A replacement that cannot read patterns from computed text: a function or a fixed literal. */
function safeReplacement(argument: string): boolean {
  if (/^(?:\(|function\b|[A-Za-z_$][\w$]*\s*=>|async\b)/.test(argument)) return true;
  if (/^['"]/.test(argument)) return true;
  if (argument.startsWith('`')) return !argument.slice(0, skipLiteral(argument, 0)).includes('${');
  return false;
}

describe('replacements in the server and the contract', () => {
  it('are functions wherever they insert computed text', () => {
    const offenders: string[] = [];
    for (const file of ROOTS.flatMap(sources)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\.replace(?:All)?\(\s*/g)) {
        const start = match.index + match[0].length;
        const comma = firstArgumentEnd(text, start);
        if (comma < 0) continue;
        const argument = text.slice(comma + 1).trimStart();
        if (!safeReplacement(argument)) {
          const line = text.slice(0, match.index).split('\n').length;
          offenders.push(`${path.relative(ROOTS[0], file)}:${line}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
