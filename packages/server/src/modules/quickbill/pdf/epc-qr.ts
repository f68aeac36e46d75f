import QRCode from 'qrcode';

export type EpcPayment = {
  bic: string;
  name: string;
  iban: string;
  amountCents: bigint;
  /** ISO 11649 RF reference (structured remittance); null: `information` goes into the unstructured line. */
  reference: string | null;
  /** Shown to the payer (the invoice number). */
  information: string;
};

/**
 * EPC069-12 ("GiroCode", in Austria "Zahlen mit Code") payload, version 002, UTF-8,
 * SEPA credit transfer. The RF creditor reference goes into the structured remittance
 * line (banks carry it to the statement, decision 0584) and the invoice number into the
 * beneficiary-to-originator information; without a reference the invoice number is the
 * unstructured remittance line (EPC069-12 allows one of the two).
 */
export function epcPayload(p: EpcPayment): string {
  const euros = `${p.amountCents / 100n}.${String(p.amountCents % 100n).padStart(2, '0')}`;
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    p.bic.replace(/\s+/g, '').toUpperCase(),
    p.name.slice(0, 70),
    p.iban.replace(/\s+/g, '').toUpperCase(),
    `EUR${euros}`,
    '',
    p.reference ? p.reference.slice(0, 35) : '',
    p.reference ? '' : p.information.slice(0, 140),
    p.reference ? p.information.slice(0, 70) : '',
  ].join('\n');
}

/** A payment QR only makes sense for an amount due (0.01 – 999,999,999.99) to a known IBAN. */
export function canPayByCode(iban: string, amountCents: bigint): boolean {
  return iban.trim() !== '' && amountCents >= 1n && amountCents <= 99_999_999_999n;
}

/** PNG of the EPC code; error level M as EPC069-12 requires. */
export function epcQrPng(p: EpcPayment): Promise<Buffer> {
  return QRCode.toBuffer(epcPayload(p), { errorCorrectionLevel: 'M', margin: 1, width: 300 });
}
