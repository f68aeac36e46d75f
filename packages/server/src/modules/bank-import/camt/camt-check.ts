import {
  type Iso20022Message,
  messageOfNamespace,
  SchemaCheckError,
  schemaErrors,
} from '../../../lib/iso20022-schema.js';
import { parseXmlTree, XmlTreeError } from '../../../lib/xml-tree.js';
import { type CamtStatement, readCamt } from './camt-reader.js';

/**
 * What a worker thread does with an uploaded bank file (decision 0700): the checks of
 * camt-file.ts from the outside in, then the statements. Runs off the event loop; the
 * answer is plain data, a refusal its German sentence and line.
 */

export interface CamtFile {
  message: Iso20022Message;
  namespace: string;
  statements: CamtStatement[];
}

export class BankFileError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
  }
}

/** A file whose check ran out of memory or time: refused, never a 500 (decision 0700). */
export const TOO_LARGE_TO_CHECK =
  'Die Datei ist zu groß oder zu verschachtelt, um sie zu prüfen. Bitte laden Sie den Kontoauszug eines kürzeren Zeitraums hoch';

export type BankFileCheck = { file: CamtFile } | { refused: { message: string; line: number | null } };

/** How many schema errors a refusal lists at most. */
const LISTED_ERRORS = 3;

/**
 * The whole check, run in a worker thread (camt-file.ts); throws BankFileError with the
 * refusal's German sentence.
 */
async function check(bytes: Uint8Array): Promise<CamtFile> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new BankFileError('Die Datei ist nicht UTF-8-kodiert; camt-Dateien der Banken sind immer UTF-8');
  }
  if (text.trim() === '') throw new BankFileError('Die Datei ist leer');
  if (!text.trimStart().startsWith('<')) {
    throw new BankFileError(
      'Die Datei ist keine XML-Datei. Bitte laden Sie den Kontoauszug im Format camt.053 oder camt.054 hoch',
    );
  }
  let root: ReturnType<typeof parseXmlTree>;
  try {
    root = parseXmlTree(text);
  } catch (error) {
    if (error instanceof XmlTreeError) throw new BankFileError(error.message, error.line);
    throw error;
  }
  const message = messageOfNamespace(root.namespace);
  if (root.name !== 'Document' || !message) {
    throw new BankFileError(
      `Zeile ${root.line}, Element „${root.name}“: unbekannte Nachricht${root.namespace ? ` (${root.namespace})` : ''}. Erwartet wird ein Kontoauszug camt.053, eine Avisierung camt.054 oder ein Umsatzbericht camt.052`,
      root.line,
    );
  }
  if (message.startsWith('pain.')) {
    throw new BankFileError(
      `Zeile ${root.line}: Das ist eine Lastschrift-Einreichung (${message}), kein Kontoauszug. Laden Sie hier die Datei hoch, die Sie von der Bank bekommen`,
      root.line,
    );
  }
  const errors = await schemaErrors(text, message);
  if (errors.length > 0) {
    const listed = errors.slice(0, LISTED_ERRORS).map((e) => e.message);
    const more = errors.length > LISTED_ERRORS ? ` (und ${errors.length - LISTED_ERRORS} weitere Fehler)` : '';
    throw new BankFileError(
      `Die Datei entspricht nicht dem Schema ${message}. ${listed.join('. ')}${more}`,
      errors[0].line,
    );
  }
  const statements = readCamt(root);
  if (statements.length === 0) throw new BankFileError(`Die Datei enthält keinen Kontoauszug (${message})`);
  return { message, namespace: root.namespace, statements };
}

/** The task a worker thread runs (camt-file.ts names it). */
export async function checkBankFile(bytes: Uint8Array): Promise<BankFileCheck> {
  try {
    return { file: await check(bytes) };
  } catch (error) {
    if (error instanceof BankFileError) return { refused: { message: error.message, line: error.line } };
    // libxml2 out of memory and the like: a German refusal; the error's text may quote the file.
    if (error instanceof SchemaCheckError) return { refused: { message: TOO_LARGE_TO_CHECK, line: null } };
    throw error;
  }
}
