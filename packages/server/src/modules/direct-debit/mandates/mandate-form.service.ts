import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { customers } from '../../../db/schema/index.js';
import { readBlob } from '../../../lib/blob-store.js';
import { AppError } from '../../../lib/errors.js';
import { loadSettings } from '../../quickbill/settings/provider-settings.repo.js';
import { loadDirectDebitSettings } from '../settings/direct-debit-settings.service.js';
import { renderMandateForm } from './mandate-form-pdf.js';
import { findMandate } from './mandates.repo.js';
import { suggestMandateReference } from './mandates.service.js';

/** The mandate form to sign: for an existing mandate, or pre-filled for a customer's next one. */
export async function mandateFormPdf(
  db: Executor,
  target: { mandateId: number } | { customerId: number; reference?: string; scheme?: 'CORE' | 'B2B' },
) {
  const mandate = 'mandateId' in target ? await findMandate(db, target.mandateId) : null;
  const fileName = (reference: string) => `SEPA-Mandat-${reference.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
  // A mandate signed online has its signed copy, stored when it was signed (decision 0853).
  const signed = mandate?.signature ? await readBlob(db, mandate.signature.pdfBlobId) : null;
  if (mandate && signed) return { bytes: signed, fileName: fileName(mandate.reference) };
  const customerId = mandate ? mandate.customerId : (target as { customerId: number }).customerId;
  // A deleted customer's mandate is kept (decision 0821), but there is no form to sign any more.
  if (customerId === null) throw new AppError('CUSTOMER_NOT_FOUND');
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  const provider = await loadSettings(db);
  const directDebit = await loadDirectDebitSettings(db);
  const wanted = 'customerId' in target ? target : null;
  const reference = mandate?.reference ?? (wanted?.reference || (await suggestMandateReference(db, customerId)));
  const name = customer.company?.trim() || `${customer.firstName} ${customer.lastName}`;
  const address = [customer.street, [customer.postalCode, customer.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join('\n');
  const bytes = await renderMandateForm({
    provider,
    directDebit,
    logo: provider.logoBlobId ? await readBlob(db, provider.logoBlobId) : null,
    reference,
    scheme: (mandate?.scheme as 'CORE' | 'B2B' | undefined) ?? wanted?.scheme ?? 'CORE',
    customer: { name, address },
    debtor: mandate
      ? { name: mandate.debtorName, iban: mandate.debtorIban, bic: mandate.debtorBic, signedOn: mandate.signedOn }
      : null,
  });
  return { bytes, fileName: fileName(reference) };
}
