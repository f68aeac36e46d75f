import { SaxesParser } from 'saxes';

/**
 * A small XML element tree with line numbers (saxes), for the ISO 20022 files the portal
 * writes and reads: every element knows its namespace, local name, text and the line it
 * starts on, so an error can name both. Refuses DOCTYPE (no entity tricks reach the
 * portal; no bank file has one) and stops at the first limit a file crosses (decision
 * 0700): nesting, elements, attributes and text are counted while reading, and the first
 * one over its limit ends the parse at once. Reading on past a limit cost time that grows
 * with the square of the nesting (saxes resolves each element's namespace through all open
 * elements): 100,000 levels held the event loop for minutes.
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

/**
 * What a document may hold (decision 0700). A bank's camt file nests about 12 levels deep,
 * has about 50 elements per booking, at most 3 attributes per element (the root's
 * namespace declarations) and no text longer than 500 characters (ISO's Max500Text).
 */
export const XML_LIMITS = {
  /** Open elements at once. */
  depth: 64,
  /** Elements in the whole document: 3,000 to 5,000 bookings (about 5 MB). */
  elements: 150_000,
  /** Attributes of one element (namespace declarations included). */
  attributes: 16,
  /** Characters of text in one element or one attribute value. */
  textChars: 10_000,
} as const;

/** `250.000`: thousands grouped with a dot, as the portal writes every number. */
const format = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

const TOO_MANY_ELEMENTS = `Die Datei enthält mehr als ${format(XML_LIMITS.elements)} Elemente; bitte teilen Sie sie auf`;

/**
 * Counts start tags before anything is parsed (a few milliseconds for megabytes): a file of
 * a million empty elements is refused before the parser builds the first of them.
 */
function countStartTags(text: string) {
  let tags = 0;
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) {
    // Comments and CDATA sections may hold anything; they are skipped whole.
    if (text.startsWith('<!--', i)) i = text.indexOf('-->', i);
    else if (text.startsWith('<![CDATA[', i)) i = text.indexOf(']]>', i);
    else {
      const next = text.charCodeAt(i + 1);
      // Not `</`, `<!` (DOCTYPE) or `<?` (declaration).
      if (next !== 0x2f && next !== 0x21 && next !== 0x3f && ++tags > XML_LIMITS.elements) {
        throw new XmlTreeError(TOO_MANY_ELEMENTS, text.slice(0, i).split('\n').length);
      }
    }
    if (i === -1) return;
  }
}

/** Parses a whole document; throws XmlTreeError with a German message and the line. */
export function parseXmlTree(text: string): XmlElement {
  countStartTags(text);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let elements = 0;
  // Thrown from inside a handler, a refusal ends saxes' write() at once.
  const refuse = (message: string): never => {
    throw new XmlTreeError(message, parser.line);
  };
  const addText = (value: string) => {
    const current = stack.at(-1);
    // The line breaks between child elements are no one's text (an element of a bank file
    // holds either text or children); kept, they would add up in a long statement.
    if (!current || (current.children.length > 0 && value.trim() === '')) return;
    if (current.text.length + value.length > XML_LIMITS.textChars) {
      refuse(
        `Zeile ${parser.line}: Das Element „${current.name}“ enthält mehr als ${format(XML_LIMITS.textChars)} Zeichen Text`,
      );
    }
    current.text += value;
  };
  parser.on('doctype', () => refuse('Die Datei enthält eine DOCTYPE-Deklaration; Bankdateien haben keine'));
  parser.on('opentag', (tag) => {
    if (stack.length >= XML_LIMITS.depth) {
      refuse(`Die Datei ist zu tief verschachtelt (mehr als ${XML_LIMITS.depth} Ebenen ab Zeile ${parser.line})`);
    }
    elements += 1;
    if (elements > XML_LIMITS.elements) refuse(TOO_MANY_ELEMENTS);
    const attributes = Object.values(tag.attributes);
    if (attributes.length > XML_LIMITS.attributes) {
      refuse(`Zeile ${parser.line}: Das Element „${tag.local}“ hat mehr als ${XML_LIMITS.attributes} Attribute`);
    }
    if (attributes.some((a) => a.value.length > XML_LIMITS.textChars)) {
      refuse(
        `Zeile ${parser.line}: Ein Attribut von „${tag.local}“ ist länger als ${format(XML_LIMITS.textChars)} Zeichen`,
      );
    }
    const element: XmlElement = {
      name: tag.local,
      namespace: tag.uri,
      attributes: Object.fromEntries(attributes.map((a) => [a.local || a.name, a.value])),
      children: [],
      text: '',
      line: parser.line,
    };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const element = stack.pop();
    if (element) element.text = element.text.trim();
  });
  parser.on('error', (error) => {
    const open = stack.at(-1);
    const where = open ? ` im Element „${open.name}“` : '';
    refuse(`Die Datei ist kein gültiges XML (Zeile ${parser.line}${where}): ${germanSaxesMessage(error.message)}`);
  });
  parser.write(text).close();
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
