import { AppError } from '../../../lib/errors.js';
import { schemaErrors } from '../../../lib/iso20022-schema.js';
import { children, parseXmlTree, textAt } from '../../../lib/xml-tree.js';
import { pain008Findings } from '../pain008/pain008-checks.js';
import { type Pain008Input, writePain008 } from '../pain008/pain008-writer.js';

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

/** A problem of a written file: the collection it belongs to (its EndToEndId), or null for the file as a whole. */
export interface FileProblem {
  endToEndId: string | null;
  text: string;
}

/**
 * Proves a pain.008 as the bank would: the official XSD and the checks the XSD cannot do
 * (pain008-checks.ts). Each problem is tied to the collection whose lines it is on, so the
 * caller can name the invoice and customer instead of a line number.
 */
export async function pain008FileProblems(xml: string, version: Pain008Input['version']): Promise<FileProblem[]> {
  const root = parseXmlTree(xml);
  // Where each group and collection starts; a problem belongs to the last one started before it.
  const marks: Array<{ line: number; endToEndId: string | null }> = [];
  for (const group of children(children(root, 'CstmrDrctDbtInitn')[0], 'PmtInf')) {
    marks.push({ line: group.line, endToEndId: null });
    for (const tx of children(group, 'DrctDbtTxInf'))
      marks.push({ line: tx.line, endToEndId: textAt(tx, 'PmtId', 'EndToEndId') });
  }
  const owner = (line: number) => marks.filter((m) => m.line <= line).at(-1)?.endToEndId ?? null;
  const schema = (await schemaErrors(xml, `pain.008.${version}`)).map((e) => ({
    endToEndId: owner(e.line),
    text: e.message.replace(/^Zeile \d+(?:, Element „([^“]*)“)?: (.*)$/s, (_, element, text) =>
      element ? `${text} (${element})` : text,
    ),
  }));
  const checks = pain008Findings(xml).map((f) => ({
    endToEndId: owner(f.line),
    text: f.element ? `${f.text} (${f.element})` : f.text,
  }));
  return [...schema, ...checks];
}

/** "Rechnung 2026-0041 (Thomas Pichler): …" for each problem, at most `limit`. */
export function problemsInWords(problems: FileProblem[], labelOf: (endToEndId: string) => string, limit = 3) {
  const lines = problems.map((p) => (p.endToEndId ? `${labelOf(p.endToEndId)}: ${p.text}` : p.text));
  const more = lines.length > limit ? ` (und ${lines.length - limit} weitere)` : '';
  return `${[...new Set(lines)].slice(0, limit).join('; ')}${more}`;
}

/**
 * Writes the pain.008 of a run and proves it before it is stored. A file that fails is never
 * handed out; the refusal names the invoices in words (decision 0722).
 */
export async function writeCheckedPain008(input: Pain008Input, labelOf: (endToEndId: string) => string) {
  const xml = writePain008(input);
  const problems = await pain008FileProblems(xml, input.version);
  if (problems.length > 0) {
    const what = problems.some((p) => p.endToEndId)
      ? 'Bitte nehmen Sie die genannten Rechnungen aus dem Lauf oder korrigieren Sie ihr Mandat.'
      : 'Bitte prüfen Sie die Lastschrift-Einstellungen (Gläubiger-ID, Einzugskonto).';
    throw new AppError(
      'CONFLICT',
      `Die Lastschrift-Datei besteht die Prüfung nicht. ${problemsInWords(problems, labelOf)}. ${what}`,
    );
  }
  return xml;
}
