import { toSepaText } from '../../../domain/sepa-charset.js';
import { AppError } from '../../../lib/errors.js';
import { schemaErrors } from '../../../lib/iso20022-schema.js';
import { pain008Problems } from '../pain008/pain008-checks.js';
import { type Pain008Collection, type Pain008Version, writePain008 } from '../pain008/pain008-writer.js';

/** `BUTLER-20261201-7`: a run's message id (unique: the run id). */
export const runMessageId = (runId: number, createdOn: string) => `BUTLER-${createdOn.replace(/-/g, '')}-${runId}`;

/** `2026-0012-L7`: invoice number and run, in the characters every bank shows (≤ 35). */
export function endToEndId(invoiceNumber: string, runId: number): string {
  const number = invoiceNumber
    .replace(/[^A-Za-z0-9-]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  const suffix = `-L${runId}`;
  return `${number.slice(0, 35 - suffix.length)}${suffix}`;
}

export function runFileName(collectionDate: string, runId: number) {
  return `Lastschriften-${collectionDate}-${runId}.xml`;
}

/**
 * Writes the pain.008 of a run and proves it before it is stored: the official XSD and the
 * checks the XSD cannot do (pain008-checks.ts). A file that fails is never handed out.
 */
export async function writeCheckedPain008(input: {
  version: Pain008Version;
  messageId: string;
  createdAt: string;
  collectionDate: string;
  creditor: { name: string; iban: string; bic: string | null; creditorId: string };
  collections: Pain008Collection[];
}): Promise<string> {
  const xml = writePain008({ ...input, creditor: { ...input.creditor, name: toSepaText(input.creditor.name, 70) } });
  const problems = [
    ...(await schemaErrors(xml, `pain.008.${input.version}`)).map((e) => e.message),
    ...pain008Problems(xml),
  ];
  if (problems.length > 0) {
    throw new AppError(
      'CONFLICT',
      `Die Lastschrift-Datei besteht die Prüfung nicht: ${problems.slice(0, 3).join('; ')}`,
    );
  }
  return xml;
}
