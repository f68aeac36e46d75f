import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFStream } from '@cantoo/pdf-lib';
import SaxonJS from 'saxon-js';
import { inject } from 'vitest';
import { validateXML } from 'xmllint-wasm';

/**
 * The independent checks every issued document goes through in the tests: the CEN
 * EN 16931 schematron, the ebInterface 6.1 XSD (both kept unchanged in packages/server/test/validators), poppler's
 * pdffonts and pdftotext, and the PDF's XMP packet.
 */

const run = promisify(execFile);
export const VALIDATORS = path.resolve(import.meta.dirname, '../../../../test/validators');

let sef: Promise<object> | undefined;

/** `[BR-…] text` of every failed schematron assertion flagged fatal (empty: the XML passes). */
export async function cenFatalErrors(xml: string): Promise<string[]> {
  sef ??= fs.readFile(inject('ciiSefPath'), 'utf8').then((text) => JSON.parse(text) as object);
  const result = await SaxonJS.transform(
    { stylesheetInternal: await sef, sourceText: xml, destination: 'serialized' },
    'async',
  );
  const failed = result.principalResult.match(/<svrl:failed-assert\b[\s\S]*?<\/svrl:failed-assert>/g) ?? [];
  return failed
    .filter((f) => /\bflag="fatal"/.test(f))
    .map((f) => /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(f)?.[1].trim() ?? f);
}

let ebSchema: Promise<string> | undefined;

/** Schema errors of an ebInterface 6.1 XML (empty when it is valid). */
export async function ebInterfaceSchemaErrors(xml: string): Promise<string[]> {
  ebSchema ??= fs.readFile(path.join(VALIDATORS, 'ebinterface-6.1', 'Invoice.xsd'), 'utf8');
  const result = await validateXML({
    xml: [{ fileName: 'ebinterface.xml', contents: xml }],
    schema: [{ fileName: 'Invoice.xsd', contents: await ebSchema }],
  });
  return result.errors.map((e) => e.rawMessage);
}

async function withTempPdf<T>(pdf: Buffer, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'butler-pdf-'));
  const file = path.join(dir, 'document.pdf');
  try {
    await fs.writeFile(file, pdf);
    return await use(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The rows of `pdffonts`: font name, type and whether it is embedded. */
export function pdfFonts(pdf: Buffer): Promise<Array<{ name: string; type: string; embedded: boolean }>> {
  return withTempPdf(pdf, async (file) => {
    const { stdout } = await run('pdffonts', [file]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        // name type encoding emb sub uni object ID: read the yes/no columns from the right.
        const parts = line.trim().split(/\s+/);
        const [emb] = parts.slice(-5, -4);
        return { name: parts[0], type: parts.slice(1, -6).join(' '), embedded: emb === 'yes' };
      });
  });
}

/** `pdftotext` (poppler) of all pages, whitespace collapsed. */
export function popplerText(pdf: Buffer): Promise<string> {
  return withTempPdf(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    return stdout.replace(/[\s\u00a0]+/g, ' ');
  });
}

/** The catalog's XMP packet as raw bytes, and the info dictionary's entries. */
export async function pdfMetadata(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const stream = doc.catalog.lookupMaybe(PDFName.of('Metadata'), PDFStream);
  const xmp = stream instanceof PDFRawStream ? Buffer.from(stream.getContents()) : null;
  const intents = doc.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  const iccComponents = intents
    ? Array.from({ length: intents.size() }, (_, i) => {
        const profile = intents.lookup(i, PDFDict).lookupMaybe(PDFName.of('DestOutputProfile'), PDFStream);
        return profile?.dict.lookupMaybe(PDFName.of('N'), PDFNumber)?.asNumber() ?? null;
      })
    : [];
  return {
    xmp,
    iccComponents,
    filtered: Boolean(stream?.dict.has(PDFName.of('Filter'))),
    info: {
      title: doc.getTitle(),
      author: doc.getAuthor(),
      subject: doc.getSubject(),
      keywords: doc.getKeywords(),
      creator: doc.getCreator(),
      producer: doc.getProducer(),
      created: doc.getCreationDate()?.toISOString(),
    },
  };
}

/** Decodes strict UTF-8 (throws on Latin-1 bytes) and parses it as XML (throws unless well-formed). */
export async function parseUtf8Xml(bytes: Buffer): Promise<string> {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  await SaxonJS.getResource({ text, type: 'xml' });
  return text;
}

/** The first value of `<tag>` in an XMP or XML text. */
export const tagValue = (xml: string, tag: string) => new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`).exec(xml)?.[1];
