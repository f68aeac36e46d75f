import type { OptOut } from '@butler/contract/letter-texts';
import { type Addressee, greeting } from '@butler/contract/voice';
import { html, type SafeHtml } from './html.js';
import type { MailContext } from './layout.js';

/** A calm two-column fact box (label: value) used by several templates. */
export function factTable(rows: Array<[string, string]>): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;border:1px solid #dee2e6;border-radius:8px;border-collapse:separate;">
${rows.map(
  ([label, value]) =>
    html`<tr><td style="padding:8px 14px;color:#495057;font-size:14px;">${label}</td><td style="padding:8px 14px;text-align:right;font-weight:600;font-size:14px;">${value}</td></tr>`,
)}
</table>`;
}

/** "Hallo Maria," / "Sehr geehrte Frau Gruber," in the customers' form of address (decision 0620). */
export const greetingLine = (ctx: MailContext, to: Addressee | null) => `${greeting(ctx.voice, to)},`;

/** An opt-out sentence as plain text, with the address after the link word. */
export const optOutText = (o: OptOut, url: string) => `${o.before}${o.link}${o.after} ${url}`;

/** The same sentence in small print with its link. */
export const optOutHtml = (o: OptOut, url: string) =>
  html`<p style="margin:16px 0 0;color:#495057;font-size:13px;">${o.before}<a href="${url}" style="color:#495057;">${o.link}</a>${o.after}</p>`;
