import { describe, expect, it } from 'vitest';
import { parseXmlTree, XML_LIMITS, XmlTreeError } from './xml-tree.js';

/**
 * Decision 0700: the parser stops at the first limit a document crosses. Before, it noted
 * the depth limit and read on: 100,000 nested elements took minutes, because the namespace
 * of each element was looked up through every open one.
 */
const refusal = (text: string) => {
  try {
    parseXmlTree(text);
  } catch (error) {
    expect(error).toBeInstanceOf(XmlTreeError);
    return { message: (error as XmlTreeError).message, line: (error as XmlTreeError).line };
  }
  throw new Error('not refused');
};
const timed = <T>(work: () => T) => {
  const started = performance.now();
  const result = work();
  return { result, ms: performance.now() - started };
};
const doc = (inner: string) => `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">${inner}</Document>`;
const nested = (depth: number) => `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;

describe('limits of an XML document', () => {
  it('refuses 100,000 nested levels at level 65, in a few milliseconds', () => {
    const { result, ms } = timed(() => refusal(doc(nested(100_000))));
    expect(result.message).toBe('Die Datei ist zu tief verschachtelt (mehr als 64 Ebenen ab Zeile 1)');
    expect(ms).toBeLessThan(500);
  });

  it('reads 64 levels and refuses 65', () => {
    expect(() => parseXmlTree(nested(XML_LIMITS.depth))).not.toThrow();
    expect(refusal(nested(XML_LIMITS.depth + 1)).message).toMatch(/^Die Datei ist zu tief verschachtelt/);
  });

  it('refuses more than 150,000 elements before building any (3 MB of empty elements)', () => {
    const { result, ms } = timed(() => refusal(doc(`\n${'<a/>'.repeat(750_000)}`)));
    expect(result).toEqual({
      message: 'Die Datei enthält mehr als 150.000 Elemente; bitte teilen Sie sie auf',
      line: 2,
    });
    expect(ms).toBeLessThan(500);
    expect(() => parseXmlTree(doc('<a/>'.repeat(XML_LIMITS.elements - 1)))).not.toThrow();
    expect(refusal(doc('<a/>'.repeat(XML_LIMITS.elements))).message).toMatch(/mehr als 150\.000 Elemente/);
  });

  it('counts no comments, declarations or closing tags as elements', () => {
    const comments = '<!-- <a/> -->'.repeat(XML_LIMITS.elements);
    expect(() => parseXmlTree(`<?xml version="1.0"?>${doc(`<c>${comments}</c>`)}`)).not.toThrow();
  });

  it('refuses an element with more than 16 attributes', () => {
    const attributes = (n: number) => Array.from({ length: n }, (_, i) => ` x${i}="1"`).join('');
    expect(() => parseXmlTree(doc(`<a${attributes(16)}/>`))).not.toThrow();
    expect(refusal(doc(`\n<a${attributes(17)}/>`))).toEqual({
      message: 'Zeile 2: Das Element „a“ hat mehr als 16 Attribute',
      line: 2,
    });
  });

  it('refuses more than 10,000 characters of text in one element or attribute', () => {
    expect(parseXmlTree(doc(`<Ustrd>${'x'.repeat(10_000)}</Ustrd>`)).children[0].text).toHaveLength(10_000);
    expect(refusal(doc(`<Ustrd>${'x'.repeat(5_000)}<![CDATA[${'y'.repeat(5_001)}]]></Ustrd>`)).message).toBe(
      'Zeile 1: Das Element „Ustrd“ enthält mehr als 10.000 Zeichen Text',
    );
    expect(refusal(doc(`<a b="${'x'.repeat(10_001)}"/>`)).message).toBe(
      'Zeile 1: Ein Attribut von „a“ ist länger als 10.000 Zeichen',
    );
  });

  it('does not count the line breaks between child elements as text (a long statement)', () => {
    const root = parseXmlTree(doc('\n    <Ntry>1</Ntry>'.repeat(20_000)));
    expect(root.children).toHaveLength(20_000);
    expect(root.text).toBe('');
  });

  it('stops at the first limit crossed: too deep before too long', () => {
    expect(refusal(doc(`${nested(70)}<a>${'x'.repeat(20_000)}</a>`)).message).toMatch(/zu tief verschachtelt/);
    expect(refusal(doc(`<a>${'x'.repeat(20_000)}</a>${nested(70)}`)).message).toMatch(/Zeichen Text$/);
  });

  it('still refuses a DOCTYPE and reads namespaces, names, attributes, text and lines', () => {
    expect(refusal('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>').message).toBe(
      'Die Datei enthält eine DOCTYPE-Deklaration; Bankdateien haben keine',
    );
    const root = parseXmlTree(doc('\n<p:Amt xmlns:p="urn:x" Ccy="EUR"> 12.50 </p:Amt>'));
    expect(root).toMatchObject({ name: 'Document', namespace: 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08' });
    expect(root.children[0]).toMatchObject({
      name: 'Amt',
      namespace: 'urn:x',
      attributes: { Ccy: 'EUR', p: 'urn:x' },
      text: '12.50',
      line: 2,
    });
  });
});
