import { and, eq } from 'drizzle-orm';
import { invoiceReminders, type MailAttachmentRef } from '../../db/schema/index.js';
import { readBlob } from '../../lib/blob-store.js';
import type { MailAttachment } from '../../lib/mail.js';
import type { JobContext } from '../jobs/job-definition.js';
import { invoiceEbInterface } from '../quickbill/pdf/ebinterface-store.js';
import { invoicePdf } from '../quickbill/pdf/pdf-store.js';
import { renderReminderPdf } from '../quickbill/pdf/reminder-pdf.js';
import { loadStatement } from '../statements/statement-data.js';
import { renderStatementPdf } from '../statements/statement-pdf.js';

type Source = (ctx: Pick<JobContext, 'db' | 'env'>, args: Record<string, string | number>) => Promise<Buffer>;

/**
 * Where attachment bytes come from, by `source` name. Every source returns its document
 * exactly as it was when the mail was queued: issued invoices and reminder letters are
 * stored in the blob store then (pdf-store, reminder.service).
 */
const SOURCES = {
  'invoice-pdf': async ({ db }, args) => (await invoicePdf(db, Number(args.invoiceId))).pdf,
  'invoice-ebinterface': async ({ db }, args) => (await invoiceEbInterface(db, Number(args.invoiceId))).xml,
  'reminder-pdf': async ({ db }, args) => {
    const [reminder] = await db
      .select({ pdfBlobId: invoiceReminders.pdfBlobId })
      .from(invoiceReminders)
      .where(
        and(eq(invoiceReminders.invoiceId, Number(args.invoiceId)), eq(invoiceReminders.level, Number(args.level))),
      );
    const stored = reminder?.pdfBlobId ? await readBlob(db, reminder.pdfBlobId) : null;
    if (stored) return stored;
    // Reminders queued before their letters were kept: rendered with the level and dates of the mail.
    const { document } = await invoicePdf(db, Number(args.invoiceId));
    return renderReminderPdf(document, Number(args.level), String(args.date), String(args.payBy));
  },
  // Monatsübersicht, rendered from the ledger when sent (the same figures as the download).
  'statement-pdf': async ({ db }, args) => {
    const data = await loadStatement(db, Number(args.customerId), String(args.month));
    if (!data) throw new Error(`Kunde ${args.customerId} nicht gefunden`);
    return renderStatementPdf(db, data);
  },
} satisfies Record<string, Source>;

export const attachment = (
  source: keyof typeof SOURCES,
  filename: string,
  args: Record<string, string | number>,
): MailAttachmentRef => ({ source, filename, args });

/** The bytes of a mail's attachments, fetched when the mail is sent. */
export async function resolveAttachments(
  ctx: Pick<JobContext, 'db' | 'env'>,
  refs: MailAttachmentRef[],
): Promise<MailAttachment[]> {
  const out: MailAttachment[] = [];
  for (const ref of refs) {
    const source = (SOURCES as Record<string, Source>)[ref.source];
    if (!source) throw new Error(`Unbekannte Anhangquelle: ${ref.source}`);
    const contentType = ref.filename.endsWith('.xml') ? 'application/xml' : 'application/pdf';
    out.push({ filename: ref.filename, content: await source(ctx, ref.args), contentType });
  }
  return out;
}
