import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from '@cantoo/pdf-lib';

/**
 * The bytes of a file embedded in a PDF (`/Names/EmbeddedFiles`), e.g. the Factur-X
 * 'factur-x.xml' of an issued invoice; null when the PDF has none of that name. Used to
 * take the XML of an invoice issued before the XML was stored separately from its PDF as
 * sent, instead of rendering it again from today's data.
 */
export async function embeddedFile(pdf: Uint8Array, name: string): Promise<Buffer | null> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  return tree ? findInTree(tree, name, 0) : null;
}

function findInTree(node: PDFDict, name: string, depth: number): Buffer | null {
  if (depth > 8) return null;
  const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray);
  for (let i = 0; pairs && i + 1 < pairs.size(); i += 2) {
    const key = pairs.lookup(i);
    const text = key instanceof PDFString || key instanceof PDFHexString ? key.decodeText() : null;
    if (text !== name) continue;
    const spec = pairs.lookup(i + 1);
    const files = spec instanceof PDFDict ? spec.lookupMaybe(PDFName.of('EF'), PDFDict) : undefined;
    const stream = files?.lookup(PDFName.of('F'));
    if (stream instanceof PDFRawStream) return Buffer.from(decodePDFRawStream(stream).decode());
  }
  const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
  for (let i = 0; kids && i < kids.size(); i++) {
    const kid = kids.lookup(i);
    const found = kid instanceof PDFDict ? findInTree(kid, name, depth + 1) : null;
    if (found) return found;
  }
  return null;
}
