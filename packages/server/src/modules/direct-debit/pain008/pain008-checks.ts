import { creditorIdProblem, isBic, isIban, SEPA_TEXT, sepaIdentifierProblem } from '@butler/contract/sepa-rules';
import { toHundredths } from '../../../domain/decimal.js';
import { children, descendants, parseXmlTree, textAt, type XmlElement } from '../../../lib/xml-tree.js';

/**
 * What the pain.008 XSD cannot check (SEPA-SDD-FACTS.md "The XSD is not enough"): IBAN, BIC
 * and creditor-ID check digits, EUR with two decimals in range, the SEPA character set in
 * every text, NbOfTxs/CtrlSum of the file and of each group, identifiers unique in the file
 * and free of leading, trailing or double slashes, a mandate with FRST only once in a file.
 * Returns German problems (empty: the file is sound). Runs on every file before it is
 * stored, and in the tests.
 */
export function pain008Problems(xml: string): string[] {
  return pain008Findings(xml).map((f) => `Zeile ${f.line}${f.element ? `, ${f.element}` : ''}: ${f.text}`);
}

/** One problem of a file: the line (and element) it is on, and what is wrong, in German. */
export interface Pain008Finding {
  line: number;
  element: string | null;
  text: string;
}

/** The problems of pain008Problems with their place, so a caller can name the collection in words. */
export function pain008Findings(xml: string): Pain008Finding[] {
  const findings: Pain008Finding[] = [];
  const root = parseXmlTree(xml);
  const initiation = root.children.find((c) => c.name === 'CstmrDrctDbtInitn');
  if (!initiation) {
    return [
      { line: root.line, element: null, text: 'Die Datei enthält keine Lastschrift-Einreichung (CstmrDrctDbtInitn)' },
    ];
  }
  const at = (e: XmlElement, text: string) => findings.push({ line: e.line, element: e.name, text });
  const inTx = (tx: XmlElement, text: string) => findings.push({ line: tx.line, element: null, text });

  for (const leaf of leaves(root)) {
    if (!SEPA_TEXT.test(leaf.text)) at(leaf, `„${leaf.text}“ enthält Zeichen außerhalb des SEPA-Zeichensatzes`);
  }

  const checkId = (e: XmlElement | undefined, label: string) => {
    if (!e) return;
    const problem = sepaIdentifierProblem(e.text, label);
    if (problem) at(e, `${problem}`);
  };
  const sumOf = (txs: XmlElement[]) => txs.reduce((total, tx) => total + cents(tx), 0n);
  const cents = (tx: XmlElement) => {
    const amount = tx.children.find((c) => c.name === 'InstdAmt');
    if (!amount) return 0n;
    if (amount.attributes.Ccy !== 'EUR') at(amount, `Währung muss EUR sein`);
    if (!/^\d{1,9}\.\d{2}$/.test(amount.text) || toHundredths(amount.text) < 1n) {
      at(amount, `Betrag „${amount.text}“ muss zwischen 0.01 und 999999999.99 liegen (zwei Nachkommastellen)`);
      return 0n;
    }
    return toHundredths(amount.text);
  };
  const checkCount = (e: XmlElement, txs: XmlElement[]) => {
    const count = textAt(e, 'NbOfTxs');
    if (count !== String(txs.length)) at(e, `NbOfTxs ${count} statt ${txs.length}`);
    const control = textAt(e, 'CtrlSum');
    if (control === null || !/^\d+\.\d{2}$/.test(control) || toHundredths(control) !== sumOf(txs)) {
      at(e, `CtrlSum ${control} passt nicht zur Summe der Beträge`);
    }
  };

  const header = initiation.children.find((c) => c.name === 'GrpHdr');
  const groups = children(initiation, 'PmtInf');
  const allTxs = groups.flatMap((g) => children(g, 'DrctDbtTxInf'));
  if (header) {
    checkId(
      header.children.find((c) => c.name === 'MsgId'),
      'MsgId',
    );
    checkCount(header, allTxs);
  }

  const seen = new Map<string, Set<string>>([
    ['PmtInfId', new Set()],
    ['EndToEndId', new Set()],
  ]);
  const unique = (e: XmlElement | undefined, label: string) => {
    if (!e) return;
    const set = seen.get(label)!;
    if (set.has(e.text)) at(e, `${label} „${e.text}“ kommt mehrfach vor`);
    set.add(e.text);
  };
  const groupKeys = new Set<string>();
  const firstUse = new Map<string, string>();

  for (const group of groups) {
    const id = group.children.find((c) => c.name === 'PmtInfId');
    checkId(id, 'PmtInfId');
    unique(id, 'PmtInfId');
    const txs = children(group, 'DrctDbtTxInf');
    checkCount(group, txs);
    const sequence = textAt(group, 'PmtTpInf', 'SeqTp') ?? '';
    const key = `${textAt(group, 'PmtTpInf', 'LclInstrm', 'Cd')}|${sequence}|${textAt(group, 'ReqdColltnDt')}`;
    if (groupKeys.has(key)) at(group, `zwei Gruppen mit derselben Art, Sequenz und Fälligkeit`);
    groupKeys.add(key);
    if (!['FRST', 'RCUR', 'OOFF', 'FNAL'].includes(sequence)) at(group, `Sequenz „${sequence}“ unbekannt`);

    const creditorIban = textAt(group, 'CdtrAcct', 'Id', 'IBAN') ?? '';
    if (!isIban(creditorIban)) at(group, `Gläubiger-IBAN „${creditorIban}“ ist ungültig`);
    const creditorId = textAt(group, 'CdtrSchmeId', 'Id', 'PrvtId', 'Othr', 'Id') ?? '';
    const ciProblem = creditorIdProblem(creditorId);
    if (ciProblem) at(group, `${ciProblem} („${creditorId}“)`);
    checkBics(group, at);

    for (const tx of txs) {
      const endToEnd = tx.children.find((c) => c.name === 'PmtId')?.children.find((c) => c.name === 'EndToEndId');
      checkId(endToEnd, 'EndToEndId');
      unique(endToEnd, 'EndToEndId');
      const mandate = textAt(tx, 'DrctDbtTx', 'MndtRltdInf', 'MndtId') ?? '';
      const mandateProblem = sepaIdentifierProblem(mandate, 'Mandatsreferenz');
      if (mandateProblem) inTx(tx, `${mandateProblem}`);
      if (!textAt(tx, 'DrctDbtTx', 'MndtRltdInf', 'DtOfSgntr')) inTx(tx, `Unterschriftsdatum fehlt`);
      const debtorIban = textAt(tx, 'DbtrAcct', 'Id', 'IBAN') ?? '';
      if (!isIban(debtorIban)) inTx(tx, `Schuldner-IBAN „${debtorIban}“ ist ungültig`);
      // One sequence type per mandate and file, FRST at most once (decision 0721).
      const previous = firstUse.get(mandate);
      if (previous && (previous === 'FRST' || sequence === 'FRST')) {
        inTx(
          tx,
          `Mandat „${mandate}“ steht mehrmals in dieser Datei, davon als Erstlastschrift (FRST); mehrere Einzüge eines Mandats gehen gemeinsam als Folgelastschrift (RCUR)`,
        );
      }
      firstUse.set(mandate, sequence);
      const remittance = textAt(tx, 'RmtInf', 'Ustrd');
      if (remittance !== null && remittance.length > 140) inTx(tx, `Verwendungszweck über 140 Zeichen`);
    }
  }
  return findings;
}

function leaves(root: XmlElement): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (e: XmlElement) => {
    if (e.children.length === 0) found.push(e);
    for (const c of e.children) visit(c);
  };
  visit(root);
  return found;
}

function checkBics(group: XmlElement, at: (e: XmlElement, text: string) => void) {
  for (const name of ['BICFI', 'BIC']) {
    for (const bic of descendants(group, name)) {
      if (!isBic(bic.text)) at(bic, `BIC „${bic.text}“ ist ungültig`);
    }
  }
}
