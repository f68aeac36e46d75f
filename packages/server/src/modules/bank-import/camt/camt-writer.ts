import { el, renderXml, type XmlNode } from '../../../lib/xml-writer.js';

/**
 * Writes camt.053.001.08 statements and camt.054.001.08 notifications for the demo and the
 * tests, in the shape banks send (checked against the XSD by every import). Amounts in cents.
 */
export interface TestTx {
  cents: bigint;
  endToEndId?: string;
  name?: string;
  iban?: string;
  /** Unstructured remittance. */
  text?: string;
  /** Structured creditor reference (RF… or a Zahlungsreferenz). */
  reference?: string;
  returnReason?: string;
  returnInfo?: string;
  charges?: bigint;
  bankRef?: string;
}

export interface TestEntry {
  direction: 'CRDT' | 'DBIT';
  date: string;
  status?: 'BOOK' | 'PDNG';
  reversal?: boolean;
  /** PMNT/RCDT/ESCT (credit transfer), PMNT/RDDT/ESDD (direct debit), PMNT/RDDT/UPDD (return) … */
  code?: [string, string, string];
  bankRef?: string;
  batchPaymentInfoId?: string;
  txs: TestTx[];
}

const amount = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

function tx(entry: TestEntry, t: TestTx): XmlNode {
  const party = el(entry.direction === 'CRDT' || t.returnReason ? 'Dbtr' : 'Cdtr', [
    el('Pty', [el('Nm', t.name ?? 'Unbekannt')]),
  ]);
  const account =
    t.iban &&
    el(entry.direction === 'CRDT' || t.returnReason ? 'DbtrAcct' : 'CdtrAcct', [el('Id', [el('IBAN', t.iban)])]);
  return el('TxDtls', [
    el('Refs', [t.bankRef && el('AcctSvcrRef', t.bankRef), el('EndToEndId', t.endToEndId ?? 'NOTPROVIDED')]),
    el('Amt', amount(t.cents), { Ccy: 'EUR' }),
    el('CdtDbtInd', entry.direction),
    t.charges !== undefined &&
      el('Chrgs', [
        el('TtlChrgsAndTaxAmt', amount(t.charges), { Ccy: 'EUR' }),
        el('Rcrd', [el('Amt', amount(t.charges), { Ccy: 'EUR' }), el('CdtDbtInd', 'DBIT')]),
      ]),
    el('RltdPties', [party, account]),
    (t.text || t.reference) &&
      el('RmtInf', [
        t.text && el('Ustrd', t.text),
        t.reference &&
          el('Strd', [
            el('CdtrRefInf', [
              el('Tp', [el('CdOrPrtry', [el('Cd', 'SCOR')]), t.reference.startsWith('RF') && el('Issr', 'ISO')]),
              el('Ref', t.reference),
            ]),
          ]),
      ]),
    t.returnReason &&
      el('RtrInf', [el('Rsn', [el('Cd', t.returnReason)]), t.returnInfo && el('AddtlInf', t.returnInfo)]),
  ]);
}

function entry(e: TestEntry): XmlNode {
  const total = e.txs.reduce((sum, t) => sum + t.cents, 0n);
  const [domain, family, sub] =
    e.code ?? (e.direction === 'CRDT' ? ['PMNT', 'RCDT', 'ESCT'] : ['PMNT', 'ICDT', 'ESCT']);
  return el('Ntry', [
    el('Amt', amount(total), { Ccy: 'EUR' }),
    el('CdtDbtInd', e.direction),
    e.reversal && el('RvslInd', 'true'),
    el('Sts', [el('Cd', e.status ?? 'BOOK')]),
    el('BookgDt', [el('Dt', e.date)]),
    el('ValDt', [el('Dt', e.date)]),
    e.bankRef && el('AcctSvcrRef', e.bankRef),
    el('BkTxCd', [el('Domn', [el('Cd', domain), el('Fmly', [el('Cd', family), el('SubFmlyCd', sub)])])]),
    el('NtryDtls', [
      e.batchPaymentInfoId && el('Btch', [el('PmtInfId', e.batchPaymentInfoId), el('NbOfTxs', String(e.txs.length))]),
      ...e.txs.map((t) => tx(e, t)),
    ]),
  ]);
}

const ACCOUNT = 'AT611904300234573201';

/** A camt.053.001.08 with one statement per list of entries. */
export function camt053(id: string, statements: TestEntry[][], account = ACCOUNT): string {
  return document('camt.053.001.08', 'BkToCstmrStmt', 'Stmt', id, statements, account);
}

/** A camt.054.001.08 notification. */
export function camt054(id: string, entries: TestEntry[], account = ACCOUNT): string {
  return document('camt.054.001.08', 'BkToCstmrDbtCdtNtfctn', 'Ntfctn', id, [entries], account);
}

function document(message: string, container: string, part: string, id: string, parts: TestEntry[][], account: string) {
  return renderXml(
    el(
      'Document',
      [
        el(container, [
          el('GrpHdr', [el('MsgId', id), el('CreDtTm', '2026-11-27T18:00:00+01:00')]),
          ...parts.map((entries, i) =>
            el(part, [
              el('Id', `${id}-${i + 1}`),
              el('CreDtTm', '2026-11-27T18:00:00+01:00'),
              el('Acct', [el('Id', [el('IBAN', account)]), el('Ccy', 'EUR')]),
              part === 'Stmt' &&
                el('Bal', [
                  el('Tp', [el('CdOrPrtry', [el('Cd', 'CLBD')])]),
                  el('Amt', '1000.00', { Ccy: 'EUR' }),
                  el('CdtDbtInd', 'CRDT'),
                  el('Dt', [el('Dt', entries[0]?.date ?? '2026-11-27')]),
                ]),
              ...entries.map(entry),
            ]),
          ),
        ]),
      ],
      { xmlns: `urn:iso:std:iso:20022:tech:xsd:${message}` },
    ),
  );
}
