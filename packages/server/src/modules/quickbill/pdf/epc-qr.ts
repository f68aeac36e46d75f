import QRCode from 'qrcode';

export type EpcPayment = { bic: string; name: string; iban: string; amountCents: bigint; reference: string };

/**
 * EPC069-12 ("GiroCode", in Austria "Zahlen mit Code") payload, version 002, UTF-8,
 * SEPA credit transfer. The invoice number goes into the unstructured remittance
 * line (the structured line is reserved for ISO 11649 RF references).
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
    '',
    p.reference.slice(0, 140),
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
