import { and, eq } from 'drizzle-orm';
import { invoiceReminders } from '../../../db/schema/index.js';
import { readBlob } from '../../../lib/blob-store.js';
import type { AttachmentSource, AttachmentSourceName } from '../../mail/attachment-sources.js';
import { invoiceEbInterface } from '../pdf/invoice-xml.service.js';
import { invoicePdf } from '../pdf/pdf-store.js';

/** Quickbill's documents as mail attachments: the issued invoice (PDF, ebInterface) and reminder letters. */
export const quickbillAttachmentSources = {
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
    if (!stored) throw new Error(`Mahnschreiben ${args.invoiceId}/${args.level} nicht gespeichert`);
    return stored;
  },
} satisfies Partial<Record<AttachmentSourceName, AttachmentSource>>;
