import { countryName, isEuCountry } from '@butler/contract/countries';
import { ISSUER_FIELD_LABELS, missingIssuerFields } from '@butler/contract/quickbill-settings';
import { toHundredths } from '../../../domain/decimal.js';
import { AppError } from '../../../lib/errors.js';
import type { ProviderSettings } from '../settings/provider-settings.repo.js';
import type { InvoiceItemRow, InvoiceRow } from './invoice.repo.js';

/**
 * What Austrian VAT law asks of an invoice before it may be issued (§ 11 UStG), checked
 * when a draft gets its number. Each failure is a 409 with a German sentence that says
 * what to fix and where.
 */

const refuse = (message: string) => new AppError('INVOICE_WRONG_STATUS', message);

/** § 11 UStG: the supplier's name and address; UID (or, as Kleinunternehmer, UID or Steuernummer). */
export function requireCompleteSettings(s: ProviderSettings, smallBusiness: boolean) {
  const missing = missingIssuerFields(
    {
      company_name: s.companyName,
      street: s.street,
      postal_code: s.postalCode,
      city: s.city,
      uid: s.uid,
      tax_number: s.taxNumber,
    },
    smallBusiness,
  ).map((field) => ISSUER_FIELD_LABELS[field]);
  if (missing.length > 0) {
    throw new AppError(
      'INVOICE_SETTINGS_INCOMPLETE',
      `Bitte vervollständigen Sie zuerst die Rechnungseinstellungen: ${missing.join(', ')}`,
    );
  }
}

/** Above € 400 gross the recipient's full address is required (§ 11 Abs. 6 UStG: small-amount invoices may omit it). */
function requireRecipientAddress(row: InvoiceRow, gross: bigint) {
  const complete = row.customerStreet.trim() && row.customerPostalCode.trim() && row.customerCity.trim();
  if (!complete && gross > 40_000n) {
    throw refuse(
      'Für Rechnungen über € 400 ist die vollständige Anschrift des Kunden erforderlich (§ 11 UStG): ' +
        'bitte Straße, PLZ und Ort beim Kunden eintragen',
    );
  }
}

/** Over € 10,000 gross to a business, the customer's UID must be on the invoice (§ 11 Abs. 1 Z 3 lit. b UStG). */
function requireUidAboveLimit(row: InvoiceRow, gross: bigint) {
  if (row.customerIsBusiness && !row.customerUid && gross > 1_000_000n) {
    throw refuse(
      'Rechnungen über € 10.000 brutto an Unternehmer müssen die UID-Nummer des Kunden enthalten ' +
        '(§ 11 Abs. 1 Z 3 lit. b UStG). Bitte tragen Sie die UID-Nummer beim Kunden ein.',
    );
  }
}

/**
 * Reverse charge (EN 16931 category AE, BR-AE-02): a business customer in another EU
 * state with its UID, and the supplier's UID. Not subject to Austrian VAT (category O):
 * a business customer outside the EU.
 */
function requireExemptionConditions(row: InvoiceRow, items: InvoiceItemRow[], s: ProviderSettings) {
  const used = new Set(items.map((i) => i.taxExemption));
  const country = countryName(row.customerCountry);
  if (used.has('reverse_charge')) {
    if (!row.customerIsBusiness || row.customerCountry === 'AT' || !isEuCountry(row.customerCountry)) {
      throw refuse(
        `Reverse Charge gilt nur für Unternehmer in einem anderen EU-Mitgliedstaat (Kunde: ${row.customerIsBusiness ? 'Unternehmer' : 'Privatkunde'}, ${country})`,
      );
    }
    if (!row.customerUid) {
      throw refuse(
        'Für Reverse Charge ist die UID-Nummer des Kunden erforderlich. Bitte tragen Sie sie beim Kunden ein.',
      );
    }
    if (!s.uid.trim())
      throw refuse('Für Reverse Charge ist Ihre eigene UID-Nummer erforderlich (Rechnungseinstellungen)');
  }
  if (used.has('third_country') && (!row.customerIsBusiness || isEuCountry(row.customerCountry))) {
    throw refuse(
      `Nicht steuerbare Drittlandsleistungen gelten nur für Unternehmer außerhalb der EU (Kunde: ${row.customerIsBusiness ? 'Unternehmer' : 'Privatkunde'}, ${country})`,
    );
  }
}

/** Every rule above, in the order a person would fix them. */
export function checkIssuable(row: InvoiceRow, items: InvoiceItemRow[], settings: ProviderSettings) {
  requireCompleteSettings(settings, row.smallBusiness);
  if (items.length === 0) throw refuse('Eine Rechnung ohne Positionen kann nicht versendet werden');
  if (items.some((i) => i.taxRate === 0 && !i.taxExemption)) {
    throw refuse('Bitte wählen Sie im Entwurf für jede Position mit 0\u00a0% den Grund der Steuerbefreiung');
  }
  const gross = toHundredths(row.totalGross);
  requireRecipientAddress(row, gross);
  requireUidAboveLimit(row, gross);
  requireExemptionConditions(row, items, settings);
}

/** 'sent' and past its due date (Europe/Vienna); credit notes are never overdue. */
export function isOverdue(row: { status: string; kind: string; dueDate: string }, today: string): boolean {
  return row.kind === 'invoice' && row.status === 'sent' && row.dueDate < today;
}
