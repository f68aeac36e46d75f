import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFStream } from '@cantoo/pdf-lib';
import SaxonJS from 'saxon-js';
import { inject } from 'vitest';
import { validateXML } from 'xmllint-wasm';

/**
 * The independent checks every issued document goes through in the tests: the CEN
 * EN 16931 schematron, the ebInterface 6.1 XSD (both kept unchanged in packages/server/test/validators), the
 * fonts of the PDF (what poppler's pdffonts lists), its text (pdf.js, see helpers.pdfText) and its XMP packet.
 */

export const VALIDATORS = path.resolve(import.meta.dirname, 'validators');

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

export interface PdfFont {
  name: string;
  /** Type1, TrueType, Type0/CIDFontType2, Type3 … (the font dictionary's Subtype). */
  type: string;
  embedded: boolean;
}

/**
 * Every font the PDF uses, as poppler's `pdffonts` lists them (decision 0430: read with
 * pdf-lib, so the tests need no Debian package): the fonts in each page's resources, in
 * the form XObjects they draw and in the annotations' appearance streams, recursively.
 * A font is embedded when its descriptor (a composite font's: its descendant's) carries a
 * FontFile, FontFile2 or FontFile3 stream; Type 3 fonts are glyph procedures inside the
 * PDF, so always embedded.
 */
export async function pdfFonts(pdf: Buffer): Promise<PdfFont[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const fonts = new Map<PDFDict, PdfFont>();
  const seen = new Set<PDFDict>();
  const name = (dict: PDFDict, key: string) => dict.lookupMaybe(PDFName.of(key), PDFName)?.decodeText() ?? '';
  const hasFontFile = (font: PDFDict) => {
    const descriptor = font.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    return ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor?.has(PDFName.of(key)));
  };
  const visitResources = (resources: PDFDict | undefined) => {
    if (!resources || seen.has(resources)) return;
    seen.add(resources);
    const fontDict = resources.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      if (fonts.has(font)) continue;
      const subtype = name(font, 'Subtype');
      let type = subtype;
      let embedded = subtype === 'Type3' || hasFontFile(font);
      if (subtype === 'Type0') {
        const descendant = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
        type = `Type0/${name(descendant, 'Subtype')}`;
        embedded = hasFontFile(descendant);
      }
      fonts.set(font, { name: name(font, 'BaseFont'), type, embedded });
      // A Type 3 font's glyph procedures may draw with fonts of their own.
      visitResources(font.lookupMaybe(PDFName.of('Resources'), PDFDict));
    }
    const xObjects = resources.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xObjects?.entries() ?? []) visitStream(doc.context.lookup(ref));
  };
  const visitStream = (object: unknown) => {
    if (!(object instanceof PDFStream)) return;
    if (object.dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText() !== 'Form') return;
    visitResources(object.dict.lookupMaybe(PDFName.of('Resources'), PDFDict));
  };
  for (const page of doc.getPages()) {
    visitResources(page.node.Resources());
    const annots = page.node.Annots();
    for (let i = 0; i < (annots?.size() ?? 0); i++) {
      const appearance = annots!.lookupMaybe(i, PDFDict)?.lookupMaybe(PDFName.of('AP'), PDFDict);
      for (const [, entry] of appearance?.entries() ?? []) {
        const target = doc.context.lookup(entry);
        if (target instanceof PDFDict) for (const [, state] of target.entries()) visitStream(doc.context.lookup(state));
        else visitStream(target);
      }
    }
  }
  return [...fonts.values()];
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
