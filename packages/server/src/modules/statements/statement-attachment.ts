import type { AttachmentSource } from '../mail/attachment-sources.js';
import { loadStatement } from './statement-data.js';
import { renderStatementPdf } from './statement-pdf.js';

/** The Monatsübersicht as a mail attachment, rendered from the ledger when sent (the same figures as the download). */
export const statementAttachmentSources = {
  'statement-pdf': (async ({ db }, args) => {
    const data = await loadStatement(db, Number(args.customerId), String(args.month));
    if (!data) throw new Error(`Kunde ${args.customerId} nicht gefunden`);
    return renderStatementPdf(db, data);
  }) satisfies AttachmentSource,
};
