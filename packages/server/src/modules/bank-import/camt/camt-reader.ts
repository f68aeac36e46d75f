import { hundredthsToString, sumDecimalTexts } from '../../../domain/decimal.js';
import { at, child, children, textAt, type XmlElement } from '../../../lib/xml-tree.js';

/**
 * Reads the bookings of a camt.052 (account report), camt.053 (statement) or camt.054
 * (debit/credit notification) of any of the versions the portal accepts (001.02/.04/.08;
 * the element names this reader uses are the same in all three, except where noted). The
 * file has passed its XSD before it gets here (camt-file.ts).
 */

export type CamtKind = 'report' | 'statement' | 'notification';

export interface CamtTransaction {
  /** As the bank wrote it (always positive; the entry's direction gives the sign). */
  amount: string | null;
  currency: string | null;
  endToEndId: string | null;
  mandateId: string | null;
  paymentInfoId: string | null;
  instructionId: string | null;
  bankReference: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** Unstructured remittance lines and additional texts, joined with spaces. */
  remittance: string;
  /** Structured creditor references (RF… or national). */
  references: string[];
  returnReason: string | null;
  returnInfo: string | null;
  /** Return or other charges on this transaction (positive, the account's currency). */
  charges: string | null;
}

export interface CamtEntry {
  line: number;
  amount: string;
  currency: string;
  direction: 'CRDT' | 'DBIT';
  reversal: boolean;
  /** BOOK, PDNG, INFO … */
  status: string;
  bookingDate: string | null;
  valueDate: string | null;
  entryReference: string | null;
  bankReference: string | null;
  /** `PMNT/RDDT/ESDD` (domain/family/sub-family) or the proprietary code, or null. */
  bankTransactionCode: string | null;
  additionalInfo: string;
  charges: string | null;
  /** A batch's payment-information id (`NtryDtls/Btch/PmtInfId`): a direct-debit run's group. */
  batchPaymentInfoId: string | null;
  transactions: CamtTransaction[];
}

export interface CamtStatement {
  kind: CamtKind;
  id: string;
  line: number;
  sequenceNumber: string | null;
  createdAt: string | null;
  accountIban: string | null;
  accountOther: string | null;
  accountCurrency: string | null;
  fromDate: string | null;
  toDate: string | null;
  entries: CamtEntry[];
}

const CONTAINERS: Record<string, { element: string; kind: CamtKind }> = {
  BkToCstmrAcctRpt: { element: 'Rpt', kind: 'report' },
  BkToCstmrStmt: { element: 'Stmt', kind: 'statement' },
  BkToCstmrDbtCdtNtfctn: { element: 'Ntfctn', kind: 'notification' },
};

const dateOf = (element: XmlElement | undefined) => {
  const value = textAt(element, 'Dt') ?? textAt(element, 'DtTm');
  return value ? value.slice(0, 10) : null;
};

const joined = (values: Array<string | null | undefined>) =>
  values
    .filter((v): v is string => Boolean(v))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Total of the Chrgs elements of one level: TtlChrgsAndTaxAmt (v04+), else Rcrd/Amt (v04+) or
 * Amt (v02). Summed exactly from the file's text (decision 0725), rounded half-up to cents
 * once, at the end.
 */
function chargesOf(element: XmlElement | undefined): string | null {
  const all = children(element, 'Chrgs');
  if (all.length === 0) return null;
  const texts: string[] = [];
  for (const charges of all) {
    const overall = child(charges, 'TtlChrgsAndTaxAmt');
    const amounts = overall
      ? [overall]
      : [...children(charges, 'Rcrd').map((r) => child(r, 'Amt')), child(charges, 'Amt')];
    for (const amount of amounts) if (amount) texts.push(amount.text);
  }
  const total = sumDecimalTexts(texts).hundredths;
  return total > 0n ? hundredthsToString(total) : null;
}

/** A party's name: v02/v04 `Dbtr/Nm`, v08 `Dbtr/Pty/Nm`. */
const partyName = (party: XmlElement | undefined) => textAt(party, 'Nm') ?? textAt(party, 'Pty', 'Nm');

function transactionOf(entry: XmlElement, tx: XmlElement | undefined, ownIban: string | null): CamtTransaction {
  const direction = textAt(entry, 'CdtDbtInd');
  const amount = child(tx, 'Amt') ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? at(tx, 'AmtDtls', 'InstdAmt', 'Amt');
  const parties = child(tx, 'RltdPties');
  const sides = [
    { name: partyName(child(parties, 'Dbtr')), iban: textAt(parties, 'DbtrAcct', 'Id', 'IBAN') },
    { name: partyName(child(parties, 'Cdtr')), iban: textAt(parties, 'CdtrAcct', 'Id', 'IBAN') },
  ];
  // The other side of the booking: the payer of a credit, the payee of a debit; a direct
  // debit's return names the debtor, so fall back to the side that is not our account.
  const preferred = direction === 'DBIT' ? [sides[1], sides[0]] : sides;
  const counterparty = preferred.find((s) => (s.name || s.iban) && s.iban !== ownIban) ?? { name: null, iban: null };
  const remittance = child(tx, 'RmtInf');
  const references = children(remittance, 'Strd')
    .map((s) => textAt(s, 'CdtrRefInf', 'Ref'))
    .filter((r): r is string => Boolean(r));
  const returnInfo = child(tx, 'RtrInf');
  return {
    amount: amount?.text ?? null,
    currency: amount?.attributes.Ccy ?? null,
    endToEndId: textAt(tx, 'Refs', 'EndToEndId'),
    mandateId: textAt(tx, 'Refs', 'MndtId'),
    paymentInfoId: textAt(tx, 'Refs', 'PmtInfId'),
    instructionId: textAt(tx, 'Refs', 'InstrId'),
    bankReference: textAt(tx, 'Refs', 'AcctSvcrRef'),
    counterpartyName: counterparty.name ?? null,
    counterpartyIban: counterparty.iban ?? null,
    remittance: joined([...children(remittance, 'Ustrd').map((u) => u.text), textAt(tx, 'AddtlTxInf')]),
    references,
    returnReason: textAt(returnInfo, 'Rsn', 'Cd') ?? textAt(returnInfo, 'Rsn', 'Prtry'),
    returnInfo: returnInfo ? joined(children(returnInfo, 'AddtlInf').map((i) => i.text)) || null : null,
    charges: chargesOf(tx),
  };
}

function bankTransactionCode(entry: XmlElement): string | null {
  const code = child(entry, 'BkTxCd');
  const domain = textAt(code, 'Domn', 'Cd');
  if (domain)
    return joined([domain, textAt(code, 'Domn', 'Fmly', 'Cd'), textAt(code, 'Domn', 'Fmly', 'SubFmlyCd')]).replace(
      / /g,
      '/',
    );
  return textAt(code, 'Prtry', 'Cd');
}

function entryOf(entry: XmlElement, ownIban: string | null): CamtEntry {
  const amount = child(entry, 'Amt')!;
  const status = child(entry, 'Sts');
  const details = children(entry, 'NtryDtls').flatMap((d) => children(d, 'TxDtls'));
  return {
    line: entry.line,
    amount: amount.text,
    currency: amount.attributes.Ccy ?? '',
    direction: textAt(entry, 'CdtDbtInd') === 'DBIT' ? 'DBIT' : 'CRDT',
    reversal: textAt(entry, 'RvslInd') === 'true',
    // v02/v04: <Sts>BOOK</Sts>; v08: <Sts><Cd>BOOK</Cd></Sts>.
    status: (status && (textAt(status, 'Cd') ?? textAt(status, 'Prtry') ?? status.text)) || 'BOOK',
    bookingDate: dateOf(child(entry, 'BookgDt')),
    valueDate: dateOf(child(entry, 'ValDt')),
    entryReference: textAt(entry, 'NtryRef'),
    bankReference: textAt(entry, 'AcctSvcrRef'),
    bankTransactionCode: bankTransactionCode(entry),
    additionalInfo: joined([textAt(entry, 'AddtlNtryInf')]),
    charges: chargesOf(entry),
    batchPaymentInfoId: textAt(entry, 'NtryDtls', 'Btch', 'PmtInfId'),
    transactions:
      details.length > 0
        ? details.map((d) => transactionOf(entry, d, ownIban))
        : [transactionOf(entry, undefined, ownIban)],
  };
}

/** The statements (reports, notifications) of a camt document, in file order. */
export function readCamt(document: XmlElement): CamtStatement[] {
  for (const [name, spec] of Object.entries(CONTAINERS)) {
    const container = child(document, name);
    if (!container) continue;
    return children(container, spec.element).map((statement) => {
      const ownIban = textAt(statement, 'Acct', 'Id', 'IBAN');
      return {
        kind: spec.kind,
        id: textAt(statement, 'Id') ?? '',
        line: statement.line,
        sequenceNumber: textAt(statement, 'ElctrncSeqNb') ?? textAt(statement, 'LglSeqNb'),
        createdAt: textAt(statement, 'CreDtTm'),
        accountIban: ownIban,
        accountOther: textAt(statement, 'Acct', 'Id', 'Othr', 'Id'),
        accountCurrency: textAt(statement, 'Acct', 'Ccy'),
        fromDate: (textAt(statement, 'FrToDt', 'FrDtTm') ?? '').slice(0, 10) || null,
        toDate: (textAt(statement, 'FrToDt', 'ToDtTm') ?? '').slice(0, 10) || null,
        entries: children(statement, 'Ntry').map((entry) => entryOf(entry, ownIban)),
      };
    });
  }
  return [];
}
