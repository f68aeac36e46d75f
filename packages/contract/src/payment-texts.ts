import type { CustomerVoice } from './voice.js';

/** What the lounge says about paying an invoice, in the customers' form of address (decisions 0620, 0772). */
export type PaymentTexts = {
  /** On the phone: pay in the banking app on this very device. */
  sameDeviceIntro: string;
  /** Below the code on a larger screen: the same data for online banking there. */
  otherwiseCopy: string;
  copyAll: string;
  copiedAll: string;
  copyAllFailed: string;
  otherDevice: string;
  scanHint: string;
  /** Without a code (no IBAN for it or no amount). */
  transferHint: string;
  reminderSent: (label: string, on: string, payBy: string | null) => string;
  directDebit: (amount: string, on: string, account: string) => string;
};

export const PAYMENT_TEXTS: Record<CustomerVoice, PaymentTexts> = {
  du: {
    sameDeviceIntro:
      'Kopiere die Zahlungsdaten und füge sie in deiner Banking-App bei einer neuen Überweisung ein. Die Zahlungsreferenz sorgt dafür, dass deine Zahlung gleich zugeordnet wird.',
    otherwiseCopy: 'Oder kopiere die Zahlungsdaten für eine Überweisung im Online-Banking:',
    copyAll: 'Alle Zahlungsdaten kopieren',
    copiedAll: 'Zahlungsdaten kopiert: Empfänger, IBAN, Betrag und Zahlungsreferenz',
    copyAllFailed: 'Die Zahlungsdaten konnten nicht kopiert werden',
    otherDevice: 'Auf einem anderen Gerät? Code scannen',
    scanHint:
      'Scanne den Code mit der Banking-App auf deinem Handy („Zahlen mit Code“): Betrag und Zahlungsreferenz sind schon ausgefüllt.',
    transferHint: 'Bitte überweise den Betrag mit diesen Angaben.',
    reminderSent: (label, on, payBy) =>
      `Wir haben dir am ${on} eine ${label} geschickt${payBy ? `; bitte zahle bis ${payBy}` : ''}.`,
    directDebit: (amount, on, account) =>
      `Der Betrag von ${amount} wird am ${on} per SEPA-Lastschrift von deinem Konto ${account} eingezogen.`,
  },
  sie: {
    sameDeviceIntro:
      'Kopieren Sie die Zahlungsdaten und fügen Sie sie in Ihrer Banking-App bei einer neuen Überweisung ein. Die Zahlungsreferenz sorgt dafür, dass Ihre Zahlung gleich zugeordnet wird.',
    otherwiseCopy: 'Oder kopieren Sie die Zahlungsdaten für eine Überweisung im Online-Banking:',
    copyAll: 'Alle Zahlungsdaten kopieren',
    copiedAll: 'Zahlungsdaten kopiert: Empfänger, IBAN, Betrag und Zahlungsreferenz',
    copyAllFailed: 'Die Zahlungsdaten konnten nicht kopiert werden',
    otherDevice: 'Auf einem anderen Gerät? Code scannen',
    scanHint:
      'Scannen Sie den Code mit der Banking-App auf Ihrem Handy („Zahlen mit Code“): Betrag und Zahlungsreferenz sind schon ausgefüllt.',
    transferHint: 'Bitte überweisen Sie den Betrag mit diesen Angaben.',
    reminderSent: (label, on, payBy) =>
      `Wir haben Ihnen am ${on} eine ${label} geschickt${payBy ? `; bitte zahlen Sie bis ${payBy}` : ''}.`,
    directDebit: (amount, on, account) =>
      `Der Betrag von ${amount} wird am ${on} per SEPA-Lastschrift von Ihrem Konto ${account} eingezogen.`,
  },
};

/** Everything a bank transfer needs, in one text to paste (decision 0772). */
export function paymentDataText(d: {
  recipient: string;
  iban: string;
  bic: string | null;
  amount: string;
  reference: string | null;
  invoice_number: string;
}): string {
  return [
    `Empfänger: ${d.recipient}`,
    `IBAN: ${d.iban.replace(/\s+/g, '')}`,
    ...(d.bic ? [`BIC: ${d.bic}`] : []),
    `Betrag: ${d.amount}`,
    d.reference ? `Zahlungsreferenz: ${d.reference.replace(/\s+/g, '')}` : `Verwendungszweck: ${d.invoice_number}`,
  ].join('\n');
}
