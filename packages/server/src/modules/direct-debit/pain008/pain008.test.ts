import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { mod97 } from '@butler/contract/sepa-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { ISO20022_ASSETS, schemaErrors } from '../../../lib/iso20022-schema.js';
import { pain008Problems } from './pain008-checks.js';
import { type Pain008Collection, type Pain008Input, type Pain008Version, writePain008 } from './pain008-writer.js';

/** An Austrian IBAN with right check digits for a 16-digit BBAN. */
export function austrianIban(bban: string): string {
  const check = 98 - mod97(`${bban}AT00`);
  return `AT${String(check).padStart(2, '0')}${bban}`;
}

const base = (version: Pain008Version, collections: Pain008Collection[]): Pain008Input => ({
  version,
  messageId: 'BP-20261127-0001',
  createdAt: '2026-11-27T10:15:00',
  collectionDate: '2026-12-01',
  creditor: {
    name: 'Mein BUTLER e.U. & Co',
    iban: 'AT611904300234573201',
    bic: 'BKAUATWW',
    creditorId: 'AT88ZZZ00000000001',
  },
  collections,
});

const collection = (overrides: Partial<Pain008Collection> = {}): Pain008Collection => ({
  endToEndId: 'RE-2026-0012-L1',
  amountCents: 19900n,
  mandateReference: 'K0042-01',
  signatureDate: '2026-10-02',
  sequenceType: 'FRST',
  scheme: 'CORE',
  debtorName: 'Jürgen Größl',
  debtorIban: austrianIban('1200000123456789'),
  debtorBic: null,
  debtorAddress: { street: 'Hauptstraße 1', postalCode: '1010', city: 'Wien', country: 'AT' },
  remittance: 'Rechnung 2026-0012 · ButlerPaket Premium · Dezember 2026',
  ...overrides,
});

let stuzza: Promise<Array<{ fileName: string; contents: string }>> | undefined;
/** Errors against the Austrian STUZZA subset of pain.008.001.02 (namespace rewritten, as its README says). */
async function stuzzaErrors(xml: string) {
  const folder = path.join(ISO20022_ASSETS, 'xsd', 'austria-stuzza');
  stuzza ??= Promise.all(
    ['pain.008.001.02.austrian.003.xsd', 'RB6.0_pain.008_codelists.xsd'].map(async (fileName) => ({
      fileName,
      contents: await readFile(path.join(folder, fileName), 'utf8'),
    })),
  );
  const [schema, codelists] = await stuzza;
  const rewritten = xml.replace(
    'urn:iso:std:iso:20022:tech:xsd:pain.008.001.02',
    'ISO:pain.008.001.02:APC:STUZZA:payments:003',
  );
  const result = await validateXML({
    xml: [{ fileName: 'at.xml', contents: rewritten }],
    schema: [schema],
    preload: [codelists],
  });
  return result.errors.map((e) => e.rawMessage);
}

describe('pain.008 writer', () => {
  it.each(['001.08', '001.02'] as const)(
    'writes a pain.008.%s that the ISO schema accepts and our checks pass',
    async (version) => {
      const xml = writePain008(
        base(version, [
          collection(),
          collection({
            endToEndId: 'RE-2026-0013-L1',
            mandateReference: 'K0043-01',
            sequenceType: 'RCUR',
            amountCents: 5n,
          }),
          collection({
            endToEndId: 'RE-2026-0014-L1',
            mandateReference: 'K0044-01',
            scheme: 'B2B',
            debtorBic: 'GIBAATWWXXX',
          }),
        ]),
      );
      expect(await schemaErrors(xml, `pain.008.${version}`)).toEqual([]);
      expect(pain008Problems(xml)).toEqual([]);
      expect(
        xml.startsWith(
          '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008',
        ),
      ).toBe(true);
      // One group per scheme and sequence, control sums of file and groups.
      expect(xml.match(/<PmtInf>/g)).toHaveLength(3);
      expect(xml).toContain('<CtrlSum>398.05</CtrlSum>');
      expect(xml).toContain('<CtrlSum>0.05</CtrlSum>');
      expect(xml).toContain('<SeqTp>FRST</SeqTp>');
      expect(xml).toContain('<SeqTp>RCUR</SeqTp>');
      expect(xml).toContain('<Cd>B2B</Cd>');
      expect(xml).toContain('<Nm>Juergen Groessl</Nm>');
      expect(xml).toContain('<Nm>Mein BUTLER e.U. + Co</Nm>');
      expect(xml).toContain('<Ustrd>Rechnung 2026-0012 . ButlerPaket Premium . Dezember 2026</Ustrd>');
      expect(xml).toContain(version === '001.08' ? '<BICFI>BKAUATWW</BICFI>' : '<BIC>BKAUATWW</BIC>');
      expect(xml).toContain('<Id>NOTPROVIDED</Id>');
    },
  );

  it('writes a pain.008.001.02 that the Austrian STUZZA subset accepts too (with BICs: RB 6 predates IBAN-only)', async () => {
    const withBic = { debtorBic: 'GIBAATWWXXX' };
    const xml = writePain008(
      base('001.02', [
        collection(withBic),
        collection({ ...withBic, endToEndId: 'E2', mandateReference: 'M2', sequenceType: 'RCUR' }),
      ]),
    );
    expect(await stuzzaErrors(xml)).toEqual([]);
  });

  it('leaves out an address part that is only spaces (the property run found a city " ")', async () => {
    const xml = writePain008(
      base('001.08', [collection({ debtorAddress: { street: '  ', postalCode: '8010', city: ' ', country: 'AT' } })]),
    );
    expect(await schemaErrors(xml, 'pain.008.001.08')).toEqual([]);
    expect(xml).toContain('<PstCd>8010</PstCd>');
    expect(xml).not.toContain('<TwnNm');
    expect(xml).not.toContain('<StrtNm');
  });

  it('writes files that validate for any debtors, amounts and texts (property)', async () => {
    const arbitraryCollection = fc.record({
      amountCents: fc.bigInt({ min: 1n, max: 99_999_999n }),
      sequenceType: fc.constantFrom('FRST' as const, 'RCUR' as const),
      scheme: fc.constantFrom('CORE' as const, 'B2B' as const),
      debtorName: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 90 }).filter((s) => /[A-Za-z0-9]/.test(s)),
      bban: fc.stringMatching(/^[0-9]{16}$/),
      debtorBic: fc.constantFrom(null, 'BKAUATWW', 'RZOOAT2L680'),
      remittance: fc.string({ unit: 'grapheme', maxLength: 200 }).map((s) => `RE ${s}`),
      city: fc.string({ unit: 'grapheme', maxLength: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('001.08' as const, '001.02' as const),
        fc.array(arbitraryCollection, { minLength: 1, maxLength: 12 }),
        async (version, items) => {
          const xml = writePain008(
            base(
              version,
              items.map((item, i) =>
                collection({
                  ...item,
                  endToEndId: `RE-${i}`,
                  mandateReference: `K${i}`,
                  debtorIban: austrianIban(item.bban),
                  debtorAddress: { street: 'Gasse 2', postalCode: '8010', city: item.city, country: 'AT' },
                }),
              ),
            ),
          );
          expect(await schemaErrors(xml, `pain.008.${version}`)).toEqual([]);
          expect(pain008Problems(xml)).toEqual([]);
          const total = items.reduce((sum, item) => sum + item.amountCents, 0n);
          expect(xml).toContain(
            `<NbOfTxs>${items.length}</NbOfTxs>\n      <CtrlSum>${(Number(total) / 100).toFixed(2)}</CtrlSum>`,
          );
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);
});

describe('pain.008 checks beyond the schema', () => {
  const good = () =>
    writePain008(
      base('001.08', [collection(), collection({ endToEndId: 'E2', mandateReference: 'M2', sequenceType: 'RCUR' })]),
    );

  it('find a wrong control sum, count, duplicate id and a second first collection', () => {
    expect(pain008Problems(good().replace('<CtrlSum>398.00</CtrlSum>', '<CtrlSum>398.01</CtrlSum>'))).toEqual([
      expect.stringMatching(/GrpHdr: CtrlSum 398.01 passt nicht/),
    ]);
    expect(pain008Problems(good().replace('<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>3</NbOfTxs>'))).toEqual([
      expect.stringMatching(/GrpHdr: NbOfTxs 3 statt 2/),
    ]);
    expect(
      pain008Problems(good().replace('<EndToEndId>E2</EndToEndId>', '<EndToEndId>RE-2026-0012-L1</EndToEndId>')),
    ).toEqual([expect.stringMatching(/EndToEndId „RE-2026-0012-L1“ kommt mehrfach vor/)]);
    const twoFirst = writePain008(base('001.08', [collection(), collection({ endToEndId: 'E2' })]));
    expect(pain008Problems(twoFirst)).toEqual([
      expect.stringMatching(/Mandat „K0042-01“ steht mehrmals in dieser Datei, davon als Erstlastschrift \(FRST\)/),
    ]);
    const firstAndNext = writePain008(
      base('001.08', [collection(), collection({ endToEndId: 'E2', sequenceType: 'RCUR' })]),
    );
    expect(pain008Problems(firstAndNext)).toEqual([expect.stringMatching(/Mandat „K0042-01“ steht mehrmals/)]);
    // Two collections of one new mandate as RCUR: what the run writes (decision 0721).
    const bothNext = writePain008(
      base('001.08', [
        collection({ sequenceType: 'RCUR' }),
        collection({ endToEndId: 'E2', sequenceType: 'RCUR', amountCents: 5000n }),
      ]),
    );
    expect(pain008Problems(bothNext)).toEqual([]);
  });

  it('find wrong check digits, characters outside the SEPA set, slashes and amounts the XSD lets through', async () => {
    const broken = good()
      .replace('AT88ZZZ00000000001', 'AT89ZZZ00000000001')
      .replace('<Nm>Juergen Groessl</Nm>', '<Nm>Jürgen Größl</Nm>')
      .replace('<EndToEndId>E2</EndToEndId>', '<EndToEndId>E//2</EndToEndId>')
      .replace('<InstdAmt Ccy="EUR">199.00</InstdAmt>', '<InstdAmt Ccy="EUR">199.001</InstdAmt>');
    expect(await schemaErrors(broken, 'pain.008.001.08')).toEqual([]);
    const problems = pain008Problems(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Die Prüfziffern der Gläubiger-ID stimmen nicht/),
        expect.stringMatching(/„Jürgen Größl“ enthält Zeichen außerhalb des SEPA-Zeichensatzes/),
        expect.stringMatching(/EndToEndId darf kein „\/\/“ enthalten/),
        expect.stringMatching(/Betrag „199.001“ muss zwischen 0.01 und 999999999.99 liegen/),
      ]),
    );
  });
});

describe('pain.008 samples (samples.json)', async () => {
  const manifest = JSON.parse(await readFile(path.join(ISO20022_ASSETS, 'samples.json'), 'utf8')) as {
    samples: Array<{ file: string; message: string; valid: boolean }>;
  };
  const pain = manifest.samples.filter((s) => s.message.startsWith('pain.008'));

  it.each(pain)(
    '$file validates against its XSD as listed, and our checks find its wrong check digits',
    async (sample) => {
      const xml = await readFile(path.join(ISO20022_ASSETS, sample.file), 'utf8');
      expect(await schemaErrors(xml, sample.message as 'pain.008.001.02')).toHaveLength(
        sample.valid ? 0 : expect.any(Number),
      );
      // Every pain.008 sample carries a creditor ID with wrong check digits (README), which only our checks see.
      expect(pain008Problems(xml)).toEqual(
        expect.arrayContaining([expect.stringMatching(/Prüfziffern der Gläubiger-ID/)]),
      );
    },
  );
});
