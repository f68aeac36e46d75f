import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { sepaMandateSignatures } from '../../../db/schema/index.js';
import { readBlob } from '../../../lib/blob-store.js';
import { customerAddressee } from '../../mail/addressee.js';
import { type AttachmentSource, type AttachmentSourceName, attachment } from '../../mail/attachment-sources.js';
import { queueMail } from '../../mail/mail-queue.js';
import type { MandateRevokedData } from '../../mail/templates/mandate-revoked.js';
import type { MandateSignedData } from '../../mail/templates/mandate-signed.js';

export const signedCopyFileName = (reference: string) => `SEPA-Mandat-${reference.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;

/** The signed copy as a mail attachment: the PDF stored when the mandate was signed. */
export const mandateAttachmentSources = {
  'mandate-pdf': async ({ db }, args) => {
    const [row] = await db
      .select({ blobId: sepaMandateSignatures.pdfBlobId })
      .from(sepaMandateSignatures)
      .where(eq(sepaMandateSignatures.mandateId, Number(args.mandateId)));
    const stored = row ? await readBlob(db, row.blobId) : null;
    if (!stored) throw new Error(`Mandatskopie ${args.mandateId} nicht gespeichert`);
    return stored;
  },
} satisfies Partial<Record<AttachmentSourceName, AttachmentSource>>;

/** The customer's mail with the signed copy, queued in the signing's transaction. */
export async function mailSignedCopy(
  tx: Executor,
  input: Omit<MandateSignedData, 'to'> & { email: string; customerId: number; mandateId: number; createdBy: string },
) {
  const to = await customerAddressee(tx, input.customerId);
  if (!to) return;
  const { email, customerId, mandateId, createdBy, ...data } = input;
  await queueMail(tx, {
    to: email,
    template: 'mandate-signed',
    data: { ...data, to },
    customerId,
    entity: { type: 'sepa_mandate', id: mandateId },
    attachments: [attachment('mandate-pdf', signedCopyFileName(data.reference), { mandateId })],
    dedupeKey: `mandate-signed:${mandateId}`,
    createdBy,
  });
}

/** Tells each staff recipient that the customer revoked their mandate, in the revocation's transaction. */
export async function mailStaffRevoked(
  tx: Executor,
  recipients: Array<{ name: string; email: string }>,
  input: Omit<MandateRevokedData, 'name'> & { customerId: number; mandateId: number; createdBy: string },
) {
  const { customerId, mandateId, createdBy, ...data } = input;
  for (const recipient of recipients) {
    await queueMail(tx, {
      to: recipient.email,
      template: 'mandate-revoked',
      data: { ...data, name: recipient.name },
      customerId: null,
      entity: { type: 'sepa_mandate', id: mandateId },
      mentions: [customerId],
      createdBy,
    });
  }
}
