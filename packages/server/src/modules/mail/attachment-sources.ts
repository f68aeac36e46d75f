import type { Database } from '../../db/client.js';
import type { MailAttachmentRef } from '../../db/schema/index.js';
import type { Env } from '../../env.js';
import type { MailAttachment } from '../../lib/mail.js';

/** The documents a mail can carry, fetched when it is sent (each kind from the module that owns it). */
export type AttachmentSourceName =
  | 'invoice-pdf'
  | 'invoice-ebinterface'
  | 'reminder-pdf'
  | 'statement-pdf'
  | 'visit-ics'
  | 'mandate-pdf';

/**
 * Returns a document's bytes exactly as they were when the mail was queued: issued
 * invoices and reminder letters are stored in the blob store then (pdf-store,
 * reminder.service); a Monatsübersicht is rendered from the ledger.
 */
export type AttachmentSource = (
  ctx: { db: Database; env: Env },
  args: Record<string, string | number>,
) => Promise<Buffer>;

/** Every source by name; composed where the jobs are listed (jobs/job-registry.ts). */
export type AttachmentSources = Record<AttachmentSourceName, AttachmentSource>;

export const attachment = (
  source: AttachmentSourceName,
  filename: string,
  args: Record<string, string | number>,
): MailAttachmentRef => ({ source, filename, args });

/** A calendar file names its iTIP method (RFC 6047 §2.4), so mail programs offer to add it. */
function contentTypeOf(ref: MailAttachmentRef) {
  if (ref.filename.endsWith('.xml')) return 'application/xml';
  if (ref.filename.endsWith('.ics')) return `text/calendar; charset=utf-8; method=${ref.args.method ?? 'PUBLISH'}`;
  return 'application/pdf';
}

/** The bytes of a mail's attachments, fetched when the mail is sent. */
export async function resolveAttachments(
  sources: AttachmentSources,
  ctx: { db: Database; env: Env },
  refs: MailAttachmentRef[],
): Promise<MailAttachment[]> {
  const out: MailAttachment[] = [];
  for (const ref of refs) {
    const source = (sources as Record<string, AttachmentSource>)[ref.source];
    if (!source) throw new Error(`Unbekannte Anhangquelle: ${ref.source}`);
    const contentType = contentTypeOf(ref);
    out.push({ filename: ref.filename, content: await source(ctx, ref.args), contentType });
  }
  return out;
}
