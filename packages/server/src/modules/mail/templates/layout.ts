import type { CustomerVoice } from '@butler/contract/voice';
import { html, SafeHtml } from './html.js';
import { LOGO_SLOT } from './mail-logo.js';

/** What every mail knows about the sender: the provider from the Quickbill settings. */
export type MailContext = {
  /** "Anrede der Kunden" (decision 0620): customer mails take their texts from LETTER_TEXTS[voice]. */
  voice: CustomerVoice;
  provider: {
    name: string;
    street: string;
    postalCode: string;
    city: string;
    email: string;
    phone: string;
    /** The owner's accent colour (decision 0635); the portal's gold when null. */
    accent?: string | null;
  };
};

/** One template's own part of a mail; the layout adds frame, button and imprint. */
export type MailContent = {
  subject: string;
  /** Short summary that mail programs show after the subject. */
  preheader?: string;
  /** The body as plain text (greeting to signature). */
  text: string;
  /** The same body as HTML (inline styles only: mail programs drop style sheets). */
  html: SafeHtml;
  /** One call to action, shown as a button (HTML) and as a line with the address (text). */
  action?: { label: string; url: string };
};

export type RenderedMail = { subject: string; text: string; html: string };

/** A template: its data type is what `queueMail` asks for. */
export type MailTemplate<Data> = { render: (data: Data, ctx: MailContext) => MailContent };

export const defineTemplate = <Data>(template: MailTemplate<Data>) => template;

const NAVY = '#1c3d5a';
const GOLD = '#d9a71d';
const TEXT = '#212529';
const MUTED = '#495057';
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

function imprintLines(ctx: MailContext): string[] {
  const p = ctx.provider;
  const place = [p.postalCode, p.city].filter(Boolean).join(' ');
  return [p.name, [p.street, place].filter(Boolean).join(', '), [p.email, p.phone].filter(Boolean).join(' · ')].filter(
    (line) => line.trim() !== '',
  );
}

/**
 * The one shared layout: the provider's logo (put into LOGO_SLOT at delivery, decision 0665)
 * and name on top, the content, a button, the imprint.
 */
export function renderLayout(content: MailContent, ctx: MailContext): RenderedMail {
  const imprint = imprintLines(ctx);
  const textParts = [content.text.trim()];
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`);
  textParts.push(`-- \n${imprint.join('\n')}`);

  const button = content.action
    ? html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr>
<td style="border-radius:6px;background:${NAVY};"><a href="${content.action.url}" style="display:inline-block;padding:12px 22px;${FONT}font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;">${content.action.label}</a></td>
</tr></table>`
    : '';

  const page = html`<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${content.subject}</title>
</head>
<body style="margin:0;padding:0;background:#eef3f9;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${content.preheader ?? ''}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eef3f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;">
<tr><td style="background:${NAVY};border-radius:10px 10px 0 0;border-bottom:4px solid ${ctx.provider.accent || GOLD};padding:20px 28px;${FONT}font-size:20px;font-weight:700;letter-spacing:0.3px;color:#ffffff;">${new SafeHtml(LOGO_SLOT)}${ctx.provider.name}</td></tr>
<tr><td style="background:#ffffff;padding:28px;${FONT}font-size:15px;line-height:1.6;color:${TEXT};overflow-wrap:anywhere;word-break:break-word;">
${content.html}
${button}
</td></tr>
<tr><td style="background:#f8f9fa;border-radius:0 0 10px 10px;padding:16px 28px;${FONT}font-size:12px;line-height:1.5;color:${MUTED};">
${imprint.map((line, i) => (i === 0 ? html`<strong>${line}</strong><br>` : html`${line}<br>`))}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { subject: content.subject, text: `${textParts.join('\n\n')}\n`, html: page.value };
}
