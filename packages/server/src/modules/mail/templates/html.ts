import { escapeHtml } from '../../../lib/escape-html.js';

/** HTML that is already escaped; everything else interpolated into `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type HtmlValue = string | number | SafeHtml | null | undefined | false | HtmlValue[];

function toHtml(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(toHtml).join('');
  if (value instanceof SafeHtml) return value.value;
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<p>${name}</p>\`` escapes `name`; nested `html` results pass through. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    out += toHtml(value) + strings[i + 1];
  });
  return new SafeHtml(out);
}

/** Plain text (blank line = new paragraph, newline = line break) as escaped paragraphs. */
export function paragraphs(text: string, style = ''): SafeHtml {
  const blocks = text
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean);
  return new SafeHtml(
    blocks.map((b) => `<p style="margin:0 0 16px;${style}">${b.split('\n').map(escapeHtml).join('<br>')}</p>`).join(''),
  );
}
