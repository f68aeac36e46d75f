import { formatDate } from '@butler/contract/format';
import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import {
  COLOR,
  createDocument,
  drawFooters,
  drawLetterhead,
  FONT,
  formatIban,
  PAGE,
  toBuffer,
} from '../../quickbill/pdf/pdf-kit.js';
import type { ProviderSettings } from '../../quickbill/settings/provider-settings.repo.js';
import type { DirectDebitSettingsRow } from '../settings/direct-debit-settings.service.js';

/**
 * The mandate form the customer signs (German wording of the EPC/DK standard texts for
 * SEPA-Basislastschrift and SEPA-Firmenlastschrift). Pre-filled with what the portal knows;
 * empty lines where the customer writes.
 */
export interface MandateFormData {
  provider: ProviderSettings;
  directDebit: DirectDebitSettingsRow;
  logo: Buffer | null;
  reference: string;
  scheme: 'CORE' | 'B2B';
  customer: { name: string; address: string };
  debtor: { name: string; iban: string; bic: string | null; signedOn: string | null } | null;
}

/** The SEPA Core mandate's authorisation and refund note (also the text signed online, decision 0853). */
export const CORE_TEXT = (payee: string) =>
  `Ich ermächtige / Wir ermächtigen ${payee}, Zahlungen von meinem / unserem Konto mittels Lastschrift einzuziehen. ` +
  `Zugleich weise ich mein / weisen wir unser Kreditinstitut an, die von ${payee} auf mein / unser Konto gezogenen ` +
  'Lastschriften einzulösen.\n\nHinweis: Ich kann / Wir können innerhalb von acht Wochen, beginnend mit dem ' +
  'Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem / unserem ' +
  'Kreditinstitut vereinbarten Bedingungen.';

const B2B_TEXT = (payee: string) =>
  `Ich ermächtige / Wir ermächtigen ${payee}, Zahlungen von meinem / unserem Konto mittels Lastschrift einzuziehen. ` +
  `Zugleich weise ich mein / weisen wir unser Kreditinstitut an, die von ${payee} auf mein / unser Konto gezogenen ` +
  'Lastschriften einzulösen.\n\nHinweis: Dieses Lastschriftmandat dient nur dem Einzug von Lastschriften, die auf ' +
  'Konten von Unternehmen gezogen sind. Ich bin / Wir sind nicht berechtigt, nach der erfolgten Einlösung eine ' +
  'Erstattung des belasteten Betrages zu verlangen. Ich bin / Wir sind berechtigt, mein / unser Kreditinstitut bis ' +
  'zum Fälligkeitstag anzuweisen, Lastschriften nicht einzulösen.';

export async function renderMandateForm(data: MandateFormData): Promise<Buffer> {
  const { provider, directDebit, debtor } = data;
  const title = data.scheme === 'B2B' ? 'SEPA-Firmenlastschrift-Mandat' : 'SEPA-Lastschrift-Mandat';
  const doc = createDocument(`${title} ${data.reference}`);
  drawLetterhead(doc, provider, data.logo, data.customer);
  const width = PAGE.right - PAGE.left;
  doc.y = 250;
  doc.font(FONT.bold).fontSize(15).fillColor(COLOR.accent).text(title, PAGE.left, doc.y, { width });
  doc.moveDown(0.6);

  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(label, PAGE.left, y, { width: 170 });
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(COLOR.text)
      .text(value || ' ', PAGE.left + 175, y, { width: width - 175 });
    doc.moveDown(0.35);
  };
  const address = [provider.street, [provider.postalCode, provider.city].filter(Boolean).join(' ')].filter(Boolean);
  row('Zahlungsempfänger', [provider.companyName, ...address].join(', '));
  row('Gläubiger-Identifikationsnummer', directDebit.creditorId || '(noch nicht hinterlegt)');
  row('Mandatsreferenz', data.reference);
  row('Zahlungsart', 'Wiederkehrende Zahlungen');
  doc.moveDown(0.6);

  const payee = provider.companyName;
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.text);
  doc.text(data.scheme === 'B2B' ? B2B_TEXT(payee) : CORE_TEXT(payee), PAGE.left, doc.y, { width });
  doc.moveDown(0.6);
  doc.text(
    `${LETTER_TEXTS[provider.customerVoice].mandatePreNotice(directDebit.preNotificationDays)}` +
      `${directDebit.preNotificationDays < 14 ? ' (verkürzte Frist, mit diesem Mandat vereinbart)' : ''}.`,
    { width },
  );
  doc.moveDown(1.2);

  const field = (label: string, value: string) => {
    const y = doc.y;
    doc
      .font(FONT.regular)
      .fontSize(10)
      .fillColor(COLOR.text)
      .text(value || ' ', PAGE.left, y, { width });
    const lineY = y + 14;
    doc.moveTo(PAGE.left, lineY).lineTo(PAGE.right, lineY).lineWidth(0.5).strokeColor(COLOR.line).stroke();
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor(COLOR.muted)
      .text(label, PAGE.left, lineY + 3, { width });
    doc.y = lineY + 18;
  };
  field('Kontoinhaber (Zahlungspflichtiger)', debtor?.name ?? data.customer.name);
  field('Anschrift', data.customer.address.replace(/\n/g, ', '));
  field('IBAN', debtor ? formatIban(debtor.iban) : '');
  field('BIC (optional)', debtor?.bic ?? '');
  field('Ort, Datum', debtor?.signedOn ? formatDate(debtor.signedOn) : '');
  doc.moveDown(1.5);
  field('Unterschrift des Kontoinhabers', '');
  drawFooters(doc, provider);
  return toBuffer(doc);
}
