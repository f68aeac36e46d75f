import { SaxesParser } from 'saxes';

/**
 * A small XML element tree with line numbers (saxes), for the ISO 20022 files the portal
 * writes and reads: every element knows its namespace, local name, text and the line it
 * starts on, so an error can name both. Refuses DOCTYPE (no entity tricks reach the
 * portal; no bank file has one) and nesting deeper than 64.
 */

export interface XmlElement {
  name: string;
  namespace: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

export class XmlTreeError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

const MAX_DEPTH = 64;

/** Parses a whole document; throws XmlTreeError with a German message and the line. */
export function parseXmlTree(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let failure: XmlTreeError | null = null;
  parser.on('doctype', () => {
    failure ??= new XmlTreeError('Die Datei enthält eine DOCTYPE-Deklaration; Bankdateien haben keine', parser.line);
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.local,
      namespace: tag.uri,
      attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local || a.name, a.value])),
      children: [],
      text: '',
      line: parser.line,
    };
    if (stack.length >= MAX_DEPTH) failure ??= new XmlTreeError('Die Datei ist zu tief verschachtelt', parser.line);
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (value) => {
    const current = stack.at(-1);
    if (current) current.text += value;
  });
  parser.on('cdata', (value) => {
    const current = stack.at(-1);
    if (current) current.text += value;
  });
  parser.on('closetag', () => {
    const element = stack.pop();
    if (element) element.text = element.text.trim();
  });
  parser.on('error', (error) => {
    const open = stack.at(-1);
    const where = open ? ` im Element „${open.name}“` : '';
    failure ??= new XmlTreeError(
      `Die Datei ist kein gültiges XML (Zeile ${parser.line}${where}): ${germanSaxesMessage(error.message)}`,
      parser.line,
    );
  });
  try {
    parser.write(text).close();
  } catch {
    // saxes reports through the error handler; a throw after it only repeats it.
  }
  if (failure) throw failure;
  if (!root) throw new XmlTreeError('Die Datei enthält kein XML-Element', 1);
  return root;
}

const SAXES_MESSAGES: Array<[RegExp, string]> = [
  [/unexpected close tag/, 'Ein schließendes Tag passt nicht zum geöffneten Element'],
  [/unclosed tag/, 'Ein Element wird nicht geschlossen (Datei unvollständig?)'],
  [/text data outside of root node/, 'Text außerhalb des Wurzelelements'],
  [/document must contain a root element/, 'Die Datei enthält kein Wurzelelement'],
  [/disallowed character/, 'Unzulässiges Zeichen'],
  [/unbound namespace prefix/, 'Unbekanntes Namespace-Präfix'],
  [/duplicate attribute/, 'Ein Attribut kommt doppelt vor'],
];

function germanSaxesMessage(message: string): string {
  const text = message.replace(/^(?:[^:\s]*:)?\d+:\d+: /, '');
  return SAXES_MESSAGES.find(([pattern]) => pattern.test(text))?.[1] ?? text;
}

/** The first child with this local name. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Every child with this local name. */
export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}

/** The element at a path of local names (first match at each step). */
export function at(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = element;
  for (const name of path) current = child(current, name);
  return current;
}

/** The text at a path, or null. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | null {
  const found = at(element, ...path);
  return found ? found.text : null;
}

/** Every descendant (depth first) with this local name. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (e: XmlElement) => {
    for (const c of e.children) {
      if (c.name === name) found.push(c);
      visit(c);
    }
  };
  visit(element);
  return found;
}
