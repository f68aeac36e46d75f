import { createHash } from 'node:crypto';
import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import type { CustomerVoice } from '@butler/contract/voice';
import { CORE_TEXT } from '../mandates/mandate-form-pdf.js';

/** What the mandate text names: the creditor as the settings hold it, the reference, the pre-notification. */
export type MandateTextInput = {
  voice: CustomerVoice;
  creditor: { name: string; street: string; postalCode: string; city: string; creditorId: string };
  reference: string;
  preNotificationDays: number;
  shorterPeriodAgreed: boolean;
};

/**
 * The SEPA Core mandate as the lounge shows it and the portal stores it (decision 0853): the
 * paper form's wording (EPC SDD Core rulebook, mandate content; German DK standard text) with
 * the creditor's name and address, Gläubiger-ID, mandate reference and the pre-notification
 * period. The same inputs give the same text to the letter, so the server can check that what
 * the customer signed is what it would show.
 */
export function mandateOnlineText(input: MandateTextInput): string {
  const { creditor } = input;
  const address = [creditor.street, [creditor.postalCode, creditor.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const notice =
    `${LETTER_TEXTS[input.voice].mandatePreNotice(input.preNotificationDays)}` +
    `${input.preNotificationDays < 14 && input.shorterPeriodAgreed ? ' (verkürzte Frist, mit diesem Mandat vereinbart)' : ''}.`;
  return [
    'SEPA-Lastschrift-Mandat (SEPA-Basislastschrift) für wiederkehrende Zahlungen',
    [
      `Zahlungsempfänger: ${[creditor.name, address].filter(Boolean).join(', ')}`,
      `Gläubiger-Identifikationsnummer: ${creditor.creditorId}`,
      `Mandatsreferenz: ${input.reference}`,
    ].join('\n'),
    CORE_TEXT(creditor.name),
    notice,
  ].join('\n\n');
}

export const textSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
