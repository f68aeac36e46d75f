import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFStream } from '@cantoo/pdf-lib';

/** What the PDF says about itself, in the info dictionary and the XMP alike. */
export type PdfMeta = {
  title: string;
  author: string;
  subject: string;
  keywords: string[];
  /** The XML file the PDF carries (Factur-X: factur-x.xml). */
  xmlFileName: string;
  conformanceLevel: string;
  date: Date;
};

const CREATOR = 'Butler-Portal Quickbill';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** ISO 8601 in UTC without milliseconds; the info dictionary gets the same instant. */
const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function extensionProperty(name: string, description: string) {
  return `<rdf:li rdf:parseType="Resource">
            <pdfaProperty:name>${name}</pdfaProperty:name>
            <pdfaProperty:valueType>Text</pdfaProperty:valueType>
            <pdfaProperty:category>external</pdfaProperty:category>
            <pdfaProperty:description>${description}</pdfaProperty:description>
          </rdf:li>`;
}

/**
 * PDF/A-3b XMP with the Factur-X extension schema and fields, as UTF-8 text. Every value
 * that the info dictionary also holds is written from the same `meta`.
 */
export function facturXXmp(meta: PdfMeta): string {
  const t = (s: string) => escapeXml(s);
  const date = xmpDate(meta.date);
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${t(meta.title)}</rdf:li></rdf:Alt></dc:title>
      <dc:creator><rdf:Seq><rdf:li>${t(meta.author)}</rdf:li></rdf:Seq></dc:creator>
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${t(meta.subject)}</rdf:li></rdf:Alt></dc:description>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>${CREATOR}</pdf:Producer>
      <pdf:Keywords>${t(meta.keywords.join(', '))}</pdf:Keywords>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
      <xmp:CreatorTool>${CREATOR}</xmp:CreatorTool>
      <xmp:CreateDate>${date}</xmp:CreateDate>
      <xmp:ModifyDate>${date}</xmp:ModifyDate>
      <xmp:MetadataDate>${date}</xmp:MetadataDate>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>
          ${extensionProperty('DocumentFileName', 'The name of the embedded XML document')}
          ${extensionProperty('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}
          ${extensionProperty('Version', 'The actual version of the standard applying to the embedded XML document')}
          ${extensionProperty('ConformanceLevel', 'The conformance level of the embedded XML document')}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${t(meta.xmlFileName)}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>${t(meta.conformanceLevel)}</fx:ConformanceLevel>
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** ICC streams must say how many colour components they have (ISO 32000 8.6.5.5; sRGB: 3). */
function fixOutputIntents(pdf: PDFDocument) {
  const intents = pdf.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  if (!intents) return;
  for (let i = 0; i < intents.size(); i++) {
    const intent = intents.lookup(i, PDFDict);
    const profile = intent.lookupMaybe(PDFName.of('DestOutputProfile'), PDFStream);
    if (profile && !profile.dict.has(PDFName.of('N'))) profile.dict.set(PDFName.of('N'), PDFNumber.of(3));
  }
}

/**
 * Final PDF/A-3 touches on the Factur-X PDF that e-invoice-eu assembled: its XMP is
 * replaced by well-formed UTF-8 (the library writes a JS string as Latin-1 bytes), the
 * sRGB output intent's ICC stream gets its /N, and the info dictionary is written from
 * the same values as the XMP, so the two agree (ISO 19005-3 6.6.2.1, 6.6.3).
 */
export async function finishPdfA(bytes: Uint8Array, meta: PdfMeta): Promise<Buffer> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  fixOutputIntents(pdf);
  pdf.setTitle(meta.title, { showInWindowTitleBar: true });
  pdf.setAuthor(meta.author);
  pdf.setSubject(meta.subject);
  pdf.setKeywords([meta.keywords.join(', ')]);
  pdf.setCreator(CREATOR);
  pdf.setProducer(CREATOR);
  pdf.setCreationDate(meta.date);
  pdf.setModificationDate(meta.date);
  const xmp = Buffer.from(facturXXmp(meta), 'utf8');
  // Uncompressed, so the XMP stays readable by tools that scan for the packet.
  const stream = PDFRawStream.of(
    pdf.context.obj({ Type: 'Metadata', Subtype: 'XML', Length: xmp.length }),
    new Uint8Array(xmp),
  );
  pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(stream));
  return Buffer.from(await pdf.save());
}
