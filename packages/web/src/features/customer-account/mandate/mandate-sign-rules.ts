import type { MandateOnlineSign, MandateOnlineState } from '@butler/contract/mandate-online';
import type { MandateOnlineTexts } from '@butler/contract/mandate-online-texts';
import { isBic, isIban, normalizeBic, normalizeIban } from '@butler/contract/sepa-rules';

export type MandateSignValues = { debtor_name: string; debtor_iban: string; debtor_bic: string; password: string };
type Offer = NonNullable<MandateOnlineState['offer']>;

/** The dialog's checks in the customer's voice (the server checks the same in neutral words). */
export function mandateSignErrors(
  values: MandateSignValues,
  t: MandateOnlineTexts,
): Partial<Record<keyof MandateSignValues, string>> {
  const errors: Partial<Record<keyof MandateSignValues, string>> = {};
  const name = values.debtor_name.trim();
  if (!name) errors.debtor_name = t.holderMissing;
  else if (name.length > 70) errors.debtor_name = 'Höchstens 70 Zeichen';
  if (!values.debtor_iban.trim()) errors.debtor_iban = t.ibanMissing;
  else if (!isIban(values.debtor_iban))
    errors.debtor_iban = 'Die IBAN ist ungültig (Prüfziffer oder Länge stimmt nicht)';
  if (values.debtor_bic.trim() && !isBic(values.debtor_bic)) {
    errors.debtor_bic = 'Der BIC ist ungültig (8 oder 11 Zeichen, z. B. BKAUATWW)';
  }
  if (!values.password) errors.password = t.passwordMissing;
  return errors;
}

/** `at48320000 00123 45864` → `AT48 3200 0000 1234 5864` while typing (letters and digits only). */
export function groupIban(value: string): string {
  return value
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 34)
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** The request: the text exactly as shown, the account as entered, the key of this opening. */
export function mandateSignBody(values: MandateSignValues, offer: Offer, idempotencyKey: string): MandateOnlineSign {
  return {
    idempotency_key: idempotencyKey,
    reference: offer.reference,
    mandate_text: offer.mandate_text,
    debtor_name: values.debtor_name.trim(),
    debtor_iban: normalizeIban(values.debtor_iban),
    debtor_bic: normalizeBic(values.debtor_bic),
    password: values.password,
  };
}
