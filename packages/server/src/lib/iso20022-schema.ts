import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * XSD validation of ISO 20022 messages (pain.008 written, camt.052/053/054 read) against
 * the official schemas in packages/server/assets/iso20022/xsd (origin and licence in its
 * README), with libxml2 compiled to WebAssembly (xmllint-wasm: no system program). Errors
 * come back in German, naming the element and the line (decision 0606).
 */

export const ISO20022_ASSETS = path.resolve(import.meta.dirname, '../../assets/iso20022');

export const SUPPORTED_MESSAGES = [
  'pain.008.001.02',
  'pain.008.001.08',
  'camt.052.001.02',
  'camt.052.001.08',
  'camt.053.001.02',
  'camt.053.001.04',
  'camt.053.001.08',
  'camt.054.001.02',
  'camt.054.001.04',
  'camt.054.001.08',
] as const;
export type Iso20022Message = (typeof SUPPORTED_MESSAGES)[number];

const ISO_PREFIX = 'urn:iso:std:iso:20022:tech:xsd:';
/** Austria's STUZZA namespaces (`ISO:camt.053.001.02:APC:STUZZA:payments:003`) name the ISO message. */
const STUZZA = /^ISO:([a-z]{4}\.\d{3}\.\d{3}\.\d{2}):APC:STUZZA:payments:\d{3}$/;

/** The ISO message a root namespace stands for (ISO or STUZZA form), or null. */
export function messageOfNamespace(namespace: string): Iso20022Message | null {
  const name = namespace.startsWith(ISO_PREFIX) ? namespace.slice(ISO_PREFIX.length) : STUZZA.exec(namespace)?.[1];
  return (SUPPORTED_MESSAGES as readonly string[]).includes(name ?? '') ? (name as Iso20022Message) : null;
}

const schemas = new Map<string, Promise<string>>();
const schemaText = (message: Iso20022Message) => {
  let text = schemas.get(message);
  if (!text) {
    text = readFile(path.join(ISO20022_ASSETS, 'xsd', `${message}.xsd`), 'utf8');
    schemas.set(message, text);
  }
  return text;
};

export interface SchemaError {
  line: number;
  element: string | null;
  /** German, for the person who uploaded the file. */
  message: string;
  /** libxml2's own words, for logs and tests. */
  raw: string;
}

/**
 * libxml2 could not check the file (out of its memory, or another fatal error). Its message
 * quotes the line of the file it stopped at, so only the first line is kept (decision 0700).
 */
export class SchemaCheckError extends Error {
  constructor(
    message: string,
    readonly code: unknown,
  ) {
    super(message);
  }
}

/**
 * libxml2's memory in WebAssembly pages of 64 KiB: 64 MiB, enough for the largest file the
 * limits of lib/xml-tree.ts let through (150,000 elements, 20 MB); xmllint-wasm's default of
 * 32 MiB ran out on 3 MB of empty elements.
 */
const SCHEMA_MEMORY_PAGES = 1024;

/**
 * Validates `xml` against the schema of `message`. A STUZZA namespace is rewritten to the
 * ISO one first (what STUZZA's own schemas say goes on the wire).
 */
export async function schemaErrors(xml: string, message: Iso20022Message): Promise<SchemaError[]> {
  const iso = xml.replace(
    /ISO:([a-z]{4}\.\d{3}\.\d{3}\.\d{2}):APC:STUZZA:payments:\d{3}/g,
    (_m, name: string) => ISO_PREFIX + name,
  );
  const result = await validateXML({
    xml: [{ fileName: 'datei.xml', contents: iso }],
    schema: [{ fileName: `${message}.xsd`, contents: await schemaText(message) }],
    initialMemoryPages: 256,
    maxMemoryPages: SCHEMA_MEMORY_PAGES,
  }).catch((error: { message?: unknown; code?: unknown }) => {
    throw new SchemaCheckError(String(error?.message ?? error).split('\n')[0], error?.code);
  });
  return result.errors.map((error) =>
    translateSchemaError(error.message, error.loc?.lineNumber ?? 0, error.rawMessage),
  );
}

const localName = (qualified: string) => qualified.replace(/^\{[^}]*\}/, '');
const names = (list: string) =>
  list
    .split(',')
    .map((name) => localName(name.trim()))
    .filter(Boolean)
    .join(', ');

/** libxml2's wording → German, the common messages exactly (first match wins). */
const SCHEMA_MESSAGES: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [
    /This element is not expected\. Expected is(?: one of)? \( ([^)]*) \)/,
    (m) => `Element ist an dieser Stelle nicht erlaubt; erwartet wird ${names(m[1])}`,
  ],
  [/This element is not expected/, () => 'Element ist an dieser Stelle nicht erlaubt'],
  [/Missing child element\(s\)\. Expected is(?: one of)? \( ([^)]*) \)/, (m) => `Pflichtelement fehlt: ${names(m[1])}`],
  [
    /\[facet 'pattern'\] The value '([^']*)' is not accepted by the pattern/,
    (m) => `Der Wert „${m[1]}“ hat nicht das vorgeschriebene Format`,
  ],
  [
    /\[facet '(minLength|maxLength|length)'\] The value (?:'([^']*)' )?has a length of '(\d+)'/,
    (m) =>
      m[3] === '0'
        ? 'Das Element ist leer, braucht aber einen Wert'
        : `Der Wert${m[2] ? ` „${m[2]}“` : ''} ist zu ${m[1] === 'minLength' ? 'kurz' : 'lang'}`,
  ],
  [
    /\[facet 'enumeration'\] The value '([^']*)' is not an element of the set/,
    (m) => `Der Wert „${m[1]}“ ist kein erlaubter Code`,
  ],
  [
    /'([^']*)' is not a valid value of the (?:atomic|local atomic) type '([^']*)'/,
    (m) => `Der Wert „${m[1]}“ ist kein gültiger Wert (${localName(m[2])})`,
  ],
  [
    /No matching global declaration available for the validation root/,
    () => 'Das Wurzelelement passt nicht zur Nachrichtenart',
  ],
];

/** libxml2's schema messages in German (the common ones exactly, the rest with element and line). */
export function translateSchemaError(message: string, line: number, raw = message): SchemaError {
  const text = message.replace(/^Schemas validity error : /, '').replace(/^Schemas parser error : /, '');
  const elementMatch = /^Element '([^']+)'/.exec(text);
  const element = elementMatch ? localName(elementMatch[1]) : null;
  const prefix = `Zeile ${line}${element ? `, Element „${element}“` : ''}: `;
  let german = /parser error/i.test(raw)
    ? `Die Datei ist kein wohlgeformtes XML (${text.replace(/^.*parser error : /, '')})`
    : `Entspricht nicht dem ISO-20022-Schema (${text})`;
  for (const [pattern, render] of SCHEMA_MESSAGES) {
    const match = pattern.exec(text);
    if (match) {
      german = render(match);
      break;
    }
  }
  return { line, element, message: `${prefix}${german}`, raw };
}
