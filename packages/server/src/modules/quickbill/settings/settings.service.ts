import type { InvoiceSettings, InvoiceSettingsInput } from '@butler/contract/quickbill-settings';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../../db/client.js';
import { providerSettings } from '../../../db/schema/index.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { putBlob, readBlob } from '../../../lib/blob-store.js';
import { AppError, fieldError } from '../../../lib/errors.js';
import { logoProblem } from './logo-limits.js';
import { loadSettings, type ProviderSettings } from './provider-settings.repo.js';

export function presentSettings(s: ProviderSettings): InvoiceSettings {
  return {
    company_name: s.companyName,
    street: s.street,
    postal_code: s.postalCode,
    city: s.city,
    country: s.country,
    uid: s.uid,
    tax_number: s.taxNumber,
    company_register: s.companyRegister,
    company_court: s.companyCourt,
    contact_email: s.contactEmail,
    contact_phone: s.contactPhone,
    whatsapp_number: s.whatsappNumber,
    iban: s.iban,
    bic: s.bic,
    bank_name: s.bankName,
    payment_terms_days: s.paymentTermsDays,
    invoice_number_format: s.invoiceNumberFormat,
    small_business: s.smallBusiness,
    invoice_footer: s.invoiceFooter,
    invoice_email_subject: s.invoiceEmailSubject,
    invoice_email_body: s.invoiceEmailBody,
    accent_color: s.accentColor,
    has_logo: s.logoBlobId !== null,
  };
}

const COLUMNS = {
  company_name: 'companyName',
  street: 'street',
  postal_code: 'postalCode',
  city: 'city',
  country: 'country',
  uid: 'uid',
  tax_number: 'taxNumber',
  company_register: 'companyRegister',
  company_court: 'companyCourt',
  contact_email: 'contactEmail',
  contact_phone: 'contactPhone',
  whatsapp_number: 'whatsappNumber',
  iban: 'iban',
  bic: 'bic',
  bank_name: 'bankName',
  payment_terms_days: 'paymentTermsDays',
  invoice_number_format: 'invoiceNumberFormat',
  small_business: 'smallBusiness',
  invoice_footer: 'invoiceFooter',
  invoice_email_subject: 'invoiceEmailSubject',
  invoice_email_body: 'invoiceEmailBody',
  accent_color: 'accentColor',
} as const satisfies Record<keyof InvoiceSettingsInput, keyof ProviderSettings>;

/** Partial update: fields not sent stay as they are (the lounge contact shares this row). */
export async function updateSettings(db: Database, session: SessionContext, input: InvoiceSettingsInput) {
  return db.transaction(async (tx) => {
    await loadSettings(tx);
    const [before] = await tx.select().from(providerSettings).where(eq(providerSettings.id, 1)).for('update');
    const changes: Partial<ProviderSettings> = {};
    for (const [field, column] of Object.entries(COLUMNS) as Array<
      [keyof InvoiceSettingsInput, keyof ProviderSettings]
    >) {
      if (input[field] !== undefined) (changes as any)[column] = input[field];
    }
    const [after] = Object.keys(changes).length
      ? await tx.update(providerSettings).set(changes).where(eq(providerSettings.id, 1)).returning()
      : [before];
    await writeAudit(tx, session, 'update', 'provider_settings', 1, before, after);
    return presentSettings(after);
  });
}

/**
 * Stores (or clears) the logo in the blob store, audited; the previous logo's bytes go in
 * the same transaction (delete_owned_blob trigger).
 */
export async function setLogo(db: Database, session: SessionContext, image: Buffer | null) {
  return db.transaction(async (tx) => {
    const before = await loadSettings(tx);
    const blob = image ? await putBlob(tx, image, { kind: 'logo' }) : null;
    const [after] = await tx
      .update(providerSettings)
      .set({ logoBlobId: blob?.id ?? null, logoFile: null })
      .where(eq(providerSettings.id, 1))
      .returning();
    await writeAudit(
      tx,
      session,
      'update',
      'provider_settings',
      1,
      { logoBlobId: before.logoBlobId },
      { logoBlobId: after.logoBlobId, sha256: blob?.sha256 ?? null },
    );
    return after;
  });
}

/** A letterhead logo needs no more; larger files only bloat every PDF. */
export const MAX_LOGO_BYTES = 512 * 1024;
const LOGO_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

export async function getSettings(db: Database): Promise<InvoiceSettings> {
  return presentSettings(await loadSettings(db));
}

/** An uploaded logo: PNG or JPEG by its bytes, its pixels bounded by its header (decision 0505). */
export async function uploadLogo(db: Database, session: SessionContext, buffer: Buffer): Promise<InvoiceSettings> {
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !LOGO_TYPES[type.mime])
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Das Logo muss ein PNG- oder JPEG-Bild sein');
  const problem = logoProblem(buffer);
  if (problem) throw fieldError('file', problem);
  return presentSettings(await setLogo(db, session, buffer));
}

/** The stored logo and its type, or 404 when there is none. */
export async function readLogo(db: Database): Promise<{ content: Buffer; type: 'image/png' | 'image/jpeg' }> {
  const settings = await loadSettings(db);
  const content = settings.logoBlobId ? await readBlob(db, settings.logoBlobId) : null;
  if (!content) throw new AppError('NOT_FOUND', 'Kein Logo hinterlegt');
  const type = await fileTypeFromBuffer(content);
  return { content, type: type?.mime === 'image/png' ? 'image/png' : 'image/jpeg' };
}
