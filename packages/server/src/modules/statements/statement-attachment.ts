import type { AttachmentSource } from '../mail/attachment-sources.js';
import { statementPdf } from './statement-pdfs.js';

/** The Monatsübersicht as a mail attachment, rendered from the ledger when sent (the same PDF as the download). */
export const statementAttachmentSources = {
  'statement-pdf': (async ({ db }, args) => {
    const pdf = await statementPdf(db, Number(args.customerId), String(args.month));
    if (!pdf) throw new Error(`Kunde ${args.customerId} nicht gefunden`);
    return pdf;
  }) satisfies AttachmentSource,
};
