import { eq } from 'drizzle-orm';
import { statementDocuments } from '../../db/schema/index.js';
import type { AttachmentSource } from '../mail/attachment-sources.js';
import { documentPdf } from './statement-documents.js';
import { statementPdf } from './statement-pdfs.js';

/**
 * The Monatsübersicht as a mail attachment: an issued version exactly as stored
 * (`documentId`, decision 0771), else the month rendered from the ledger when sent.
 */
export const statementAttachmentSources = {
  'statement-pdf': (async ({ db }, args) => {
    if (args.documentId !== undefined) {
      const [doc] = await db
        .select({ blobId: statementDocuments.blobId })
        .from(statementDocuments)
        .where(eq(statementDocuments.id, Number(args.documentId)));
      const stored = doc ? await documentPdf(db, doc) : null;
      if (!stored) throw new Error(`Monatsübersicht ${args.documentId} nicht gefunden`);
      return stored;
    }
    const pdf = await statementPdf(db, Number(args.customerId), String(args.month));
    if (!pdf) throw new Error(`Kunde ${args.customerId} nicht gefunden`);
    return pdf;
  }) satisfies AttachmentSource,
};
