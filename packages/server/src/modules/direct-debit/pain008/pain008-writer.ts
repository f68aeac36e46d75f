import { hundredthsToString } from '../../../domain/decimal.js';
import { toSepaText } from '../../../domain/sepa-charset.js';
import { el, renderXml, type XmlNode } from '../../../lib/xml-writer.js';

/**
 * Writes a SEPA direct-debit initiation (pain.008.001.08, or .02 for banks that still want
 * it) as the EPC customer-to-bank guidelines describe it: one PmtInf per scheme (CORE/B2B)
 * and sequence type (FRST/RCUR), every text in the SEPA character set, amounts in EUR
 * with two decimals, NbOfTxs and CtrlSum per group and per file. pain008-checks.ts checks
 * what the XSD cannot; both run before a run is stored (decision 0604).
 */

export type Pain008Version = '001.08' | '001.02';
export type SequenceType = 'FRST' | 'RCUR';
export type DirectDebitScheme = 'CORE' | 'B2B';

export interface Pain008Address {
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface Pain008Collection {
  endToEndId: string;
  amountCents: bigint;
  mandateReference: string;
  /** YYYY-MM-DD */
  signatureDate: string;
  sequenceType: SequenceType;
  scheme: DirectDebitScheme;
  debtorName: string;
  debtorIban: string;
  debtorBic: string | null;
  debtorAddress: Pain008Address | null;
  /** Unstructured remittance text (Verwendungszweck), transliterated and cut to 140. */
  remittance: string;
}

export interface Pain008Input {
  version: Pain008Version;
  messageId: string;
  /** YYYY-MM-DDTHH:MM:SS (local time of the creditor, no fraction). */
  createdAt: string;
  collectionDate: string;
  creditor: { name: string; iban: string; bic: string | null; creditorId: string };
  collections: Pain008Collection[];
}

export const PAIN008_NAMESPACE = (version: Pain008Version) => `urn:iso:std:iso:20022:tech:xsd:pain.008.${version}`;

const amount = (cents: bigint) => hundredthsToString(cents);
const sum = (items: Pain008Collection[]) => items.reduce((total, item) => total + item.amountCents, 0n);

function agent(version: Pain008Version, bic: string | null): XmlNode {
  const id = bic ? el(version === '001.08' ? 'BICFI' : 'BIC', bic) : el('Othr', [el('Id', 'NOTPROVIDED')]);
  return el('FinInstnId', [id]);
}

function debtorAddress(version: Pain008Version, address: Pain008Address | null): XmlNode | null {
  if (!address?.country) return null;
  // pain.008.001.08 carries the structured address; .02 (and the Austrian subset of it)
  // only country and address lines.
  if (version === '001.08') {
    // A part that is empty once in the SEPA character set (a city of only spaces) is left
    // out: the schema refuses an empty element.
    const part = (name: string, value: string | null | undefined, max: number) => {
      const text = toSepaText(value ?? '', max);
      return text ? el(name, text) : null;
    };
    return el('PstlAdr', [
      part('StrtNm', address.street, 70),
      part('PstCd', address.postalCode, 16),
      part('TwnNm', address.city, 35),
      el('Ctry', address.country),
    ]);
  }
  const line1 = toSepaText(address.street, 70);
  const line2 = toSepaText(`${address.postalCode} ${address.city}`, 70);
  return el('PstlAdr', [el('Ctry', address.country), line1 && el('AdrLine', line1), line2 && el('AdrLine', line2)]);
}

function transaction(version: Pain008Version, item: Pain008Collection): XmlNode {
  return el('DrctDbtTxInf', [
    el('PmtId', [el('EndToEndId', item.endToEndId)]),
    el('InstdAmt', amount(item.amountCents), { Ccy: 'EUR' }),
    el('DrctDbtTx', [
      el('MndtRltdInf', [
        el('MndtId', item.mandateReference),
        el('DtOfSgntr', item.signatureDate),
        el('AmdmntInd', 'false'),
      ]),
    ]),
    el('DbtrAgt', [agent(version, item.debtorBic)]),
    el('Dbtr', [el('Nm', toSepaText(item.debtorName, 70)), debtorAddress(version, item.debtorAddress)]),
    el('DbtrAcct', [el('Id', [el('IBAN', item.debtorIban)])]),
    el('RmtInf', [el('Ustrd', toSepaText(item.remittance, 140))]),
  ]);
}

/** Groups in a fixed order (CORE before B2B, FRST before RCUR) so the same input gives the same file. */
export function paymentGroups(collections: Pain008Collection[]) {
  const groups: Array<{ scheme: DirectDebitScheme; sequenceType: SequenceType; items: Pain008Collection[] }> = [];
  for (const scheme of ['CORE', 'B2B'] as const) {
    for (const sequenceType of ['FRST', 'RCUR'] as const) {
      const items = collections.filter((c) => c.scheme === scheme && c.sequenceType === sequenceType);
      if (items.length > 0) groups.push({ scheme, sequenceType, items });
    }
  }
  return groups;
}

/** The payment-information id of a group: the message id and the group's scheme and sequence. */
export const paymentInfoId = (messageId: string, scheme: DirectDebitScheme, sequenceType: SequenceType) =>
  `${messageId}-${scheme}-${sequenceType}`;

export function writePain008(input: Pain008Input): string {
  const { version, creditor } = input;
  if (input.collections.length === 0) throw new Error('A pain.008 needs at least one collection');
  const creditorName = toSepaText(creditor.name, 70);
  const groups = paymentGroups(input.collections).map((group) =>
    el('PmtInf', [
      el('PmtInfId', paymentInfoId(input.messageId, group.scheme, group.sequenceType)),
      el('PmtMtd', 'DD'),
      el('BtchBookg', 'true'),
      el('NbOfTxs', String(group.items.length)),
      el('CtrlSum', amount(sum(group.items))),
      el('PmtTpInf', [
        el('SvcLvl', [el('Cd', 'SEPA')]),
        el('LclInstrm', [el('Cd', group.scheme)]),
        el('SeqTp', group.sequenceType),
      ]),
      el('ReqdColltnDt', input.collectionDate),
      el('Cdtr', [el('Nm', creditorName)]),
      el('CdtrAcct', [el('Id', [el('IBAN', creditor.iban)])]),
      el('CdtrAgt', [agent(version, creditor.bic)]),
      el('ChrgBr', 'SLEV'),
      el('CdtrSchmeId', [
        el('Id', [el('PrvtId', [el('Othr', [el('Id', creditor.creditorId), el('SchmeNm', [el('Prtry', 'SEPA')])])])]),
      ]),
      ...group.items.map((item) => transaction(version, item)),
    ]),
  );
  return renderXml(
    el(
      'Document',
      [
        el('CstmrDrctDbtInitn', [
          el('GrpHdr', [
            el('MsgId', input.messageId),
            el('CreDtTm', input.createdAt),
            el('NbOfTxs', String(input.collections.length)),
            el('CtrlSum', amount(sum(input.collections))),
            el('InitgPty', [el('Nm', creditorName)]),
          ]),
          ...groups,
        ]),
      ],
      { xmlns: PAIN008_NAMESPACE(version), 'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance' },
    ),
  );
}
