import { type Iso20022Message, messageOfNamespace, schemaErrors } from '../../../lib/iso20022-schema.js';
import { parseXmlTree, XmlTreeError } from '../../../lib/xml-tree.js';
import { type CamtStatement, readCamt } from './camt-reader.js';

/**
 * An uploaded bank file, checked from the outside in: UTF-8, well-formed XML without
 * DOCTYPE, a camt message the portal knows (ISO or Austrian STUZZA namespace), valid
 * against its official XSD, at least one statement. Every refusal is one German sentence
 * naming the line (and the element where there is one); nothing is imported from a file
 * that fails any step (decision 0606).
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

/** How many schema errors a refusal lists at most. */
const LISTED_ERRORS = 3;

export async function readBankFile(bytes: Buffer): Promise<CamtFile> {
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
