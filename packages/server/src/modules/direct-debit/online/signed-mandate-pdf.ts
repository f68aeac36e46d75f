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

/** Plain data of the signed copy (drawn in a worker thread, lib/pdf-render.ts). */
export type SignedMandatePdfInput = {
  provider: ProviderSettings;
  logo: Uint8Array | null;
  customer: { name: string; address: string };
  reference: string;
  /** The mandate text exactly as shown and stored. */
  mandateText: string;
  debtor: { name: string; iban: string; bic: string | null };
  /** `03.12.2026 um 14:05 Uhr` (Vienna time). */
  signedAt: string;
  clientAddress: string;
  browser: string;
  signerLogin: string;
  textSha256: string;
};

/**
 * The copy of a mandate signed online (decision 0853): the text as the customer read it,
 * the account they entered, and in place of a handwritten signature the facts of the
 * online signature (when, confirmed with whose password, from which address and browser,
 * and the checksum of the text).
 */
export async function drawSignedMandatePdf(input: SignedMandatePdfInput): Promise<Uint8Array> {
  const doc = createDocument(`SEPA-Lastschrift-Mandat ${input.reference}`);
  const logo = input.logo ? Buffer.from(input.logo) : null;
  drawLetterhead(doc, input.provider, logo, input.customer);
  const width = PAGE.right - PAGE.left;
  doc.y = 250;
  doc.font(FONT.bold).fontSize(15).fillColor(COLOR.accent).text('SEPA-Lastschrift-Mandat', PAGE.left, doc.y, { width });
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text('Online unterschrieben in der Kundenlounge', { width });
  doc.moveDown(0.8);
  doc.font(FONT.regular).fontSize(10).fillColor(COLOR.text).text(input.mandateText, PAGE.left, doc.y, { width });
  doc.moveDown(1);

  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(label, PAGE.left, y, { width: 170 });
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(COLOR.text)
      .text(value || '–', PAGE.left + 175, y, { width: width - 175 });
    doc.moveDown(0.35);
  };
  row('Kontoinhaber (Zahlungspflichtiger)', input.debtor.name);
  row('Anschrift', input.customer.address.replace(/\n/g, ', '));
  row('IBAN', formatIban(input.debtor.iban));
  row('BIC', input.debtor.bic ?? '');
  doc.moveDown(0.8);
  doc.font(FONT.bold).fontSize(11).fillColor(COLOR.accent).text('Online-Unterschrift', PAGE.left, doc.y, { width });
  doc.moveDown(0.3);
  row('Unterschrieben am', input.signedAt);
  row('Bestätigt mit dem Passwort von', input.signerLogin);
  row('Adresse der Anfrage', input.clientAddress);
  row('Browser', input.browser);
  row('Prüfsumme des Textes (SHA-256)', input.textSha256);
  drawFooters(doc, input.provider);
  return toBuffer(doc);
}
