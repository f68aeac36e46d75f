import { html, type SafeHtml } from './html.js';

/** A calm two-column fact box (label: value) used by several templates. */
export function factTable(rows: Array<[string, string]>): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;border:1px solid #dee2e6;border-radius:8px;border-collapse:separate;">
${rows.map(
  ([label, value]) =>
    html`<tr><td style="padding:8px 14px;color:#495057;font-size:14px;">${label}</td><td style="padding:8px 14px;text-align:right;font-weight:600;font-size:14px;">${value}</td></tr>`,
)}
</table>`;
}
