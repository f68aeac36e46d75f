import type { MailAttachmentRef } from '../../db/schema/index.js';
import type { MailAttachment } from '../../lib/mail.js';
import type { JobContext } from '../jobs/job-definition.js';
import { invoiceEbInterface } from '../quickbill/pdf/ebinterface-store.js';
import { invoicePdf } from '../quickbill/pdf/pdf-store.js';
import { renderReminderPdf } from '../quickbill/pdf/reminder-pdf.js';
import { loadStatement } from '../statements/statement-data.js';
import { renderStatementPdf } from '../statements/statement-pdf.js';

type Source = (ctx: Pick<JobContext, 'db' | 'env'>, args: Record<string, string | number>) => Promise<Buffer>;

/**
 * Where attachment bytes come from, by `source` name. Every source reproduces its
 * document exactly: issued invoices are stored as first rendered (pdf-store), reminders
 * are rendered from the invoice with the level and dates fixed when the mail was queued.
 */
const SOURCES = {
  'invoice-pdf': async ({ db, env }, args) => (await invoicePdf(db, env.DATA_DIR, Number(args.invoiceId))).pdf,
  // ebInterface 6.1 XML of an issued invoice, as stored in the blob store at issue.
  'invoice-ebinterface': async ({ db, env }, args) =>
    (await invoiceEbInterface({ db, env }, Number(args.invoiceId))).xml,
  'reminder-pdf': async ({ db, env }, args) => {
    const { document } = await invoicePdf(db, env.DATA_DIR, Number(args.invoiceId));
    return renderReminderPdf(document, Number(args.level), String(args.date), String(args.payBy));
  },
  // Monatsübersicht, rendered from the ledger when sent (the same figures as the download).
  'statement-pdf': async ({ db, env }, args) => {
    const data = await loadStatement(db, Number(args.customerId), String(args.month));
    if (!data) throw new Error(`Kunde ${args.customerId} nicht gefunden`);
    return renderStatementPdf(db, env.DATA_DIR, data);
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
