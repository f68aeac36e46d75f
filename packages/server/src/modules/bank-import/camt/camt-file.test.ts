import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISO20022_ASSETS } from '../../../lib/iso20022-schema.js';
import { BankFileError, readBankFile } from './camt-file.js';

const sample = (file: string) => readFile(path.join(ISO20022_ASSETS, 'samples', file));
const refusal = async (bytes: Buffer | string) => {
  const error = await readBankFile(Buffer.from(bytes)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BankFileError);
  return (error as BankFileError).message;
};

describe('reading camt files', () => {
  it('reads the Austrian STUZZA statement: account, three credits with their Zahlungsreferenz', async () => {
    const file = await readBankFile(await sample('viafintech-camt_parser/053-valid_example_stuzza.xml'));
    expect(file.message).toBe('camt.053.001.02');
    expect(file.namespace).toBe('ISO:camt.053.001.02:APC:STUZZA:payments:003');
    const [statement] = file.statements;
    expect(statement).toMatchObject({ kind: 'statement', accountIban: 'AT021200000703447144', accountCurrency: 'EUR' });
    expect(statement.entries.map((e) => [e.amount, e.direction, e.status, e.bookingDate])).toEqual([
      ['50.00', 'CRDT', 'BOOK', '2019-03-01'],
      ['100.00', 'CRDT', 'BOOK', '2019-03-01'],
      ['250.00', 'CRDT', 'BOOK', '2019-03-01'],
    ]);
    expect(statement.entries[0].transactions[0]).toMatchObject({
      counterpartyName: 'Musterfrau Muster',
      counterpartyIban: 'AT022050303300646365',
      references: ['201912341234'],
    });
    expect(statement.entries[0].bankTransactionCode).toBe('PMNT/RCDT/ESCT');
  });

  it('reads several statements of one file', async () => {
    const file = await readBankFile(await sample('genkgo-camt/camt053.v2.multi.statement.xml'));
    expect(file.statements.map((s) => s.id)).toEqual(['253EURNL26VAYB8060476890', '254EURNL26VAYB8060476890']);
  });

  it('reads direct-debit returns with reason, texts, references and charges (camt.054.001.04)', async () => {
    const file = await readBankFile(await sample('viafintech-camt_parser/054-valid_example.xml'));
    const returns = file.statements[0].entries.filter((e) => e.transactions.some((t) => t.returnReason));
    expect(returns).toHaveLength(2);
    expect(returns[1]).toMatchObject({ direction: 'DBIT', reversal: true, amount: '15.53', charges: '0.70' });
    expect(returns[1].transactions[0]).toMatchObject({
      returnReason: 'MD06',
      returnInfo: 'Lastschrift-Widerspruch durch den Zahlungspflichtigen',
      endToEndId: 'E2E-1-1-16030913',
      paymentInfoId: 'SID-1-160309134053s4C',
      counterpartyName: 'Rutschmann Pia',
      charges: '0.70',
    });
    // A batch credit of a direct-debit run: one entry, one transaction per debtor.
    const batch = file.statements[0].entries[0];
    expect(batch.bankTransactionCode).toBe('PMNT/RDDT/PMDD');
    expect(batch.transactions.map((t) => [t.amount, t.counterpartyName])).toEqual([
      ['15.00', 'Rutschmann Pia'],
      ['9.00', 'Bernasconi Maria'],
    ]);
  });

  it('reads camt.053.001.08 status codes and structured RF references', async () => {
    const file = await readBankFile(await sample('genkgo-camt/camt053.v8.xml'));
    const [entry] = file.statements[0].entries;
    expect(entry.status).toBe('BOOK');
    expect(entry.transactions[0].references.length).toBeGreaterThan(0);
  });

  it('reads amounts with more than two decimals as written', async () => {
    const file = await readBankFile(await sample('genkgo-camt/camt053.v2.five.decimals.xml'));
    expect(file.statements[0].entries[0].amount).toMatch(/^\d+\.\d{3,5}$/);
  });
});

describe('refusing files', () => {
  it('names the element and line of a schema error, in German', async () => {
    expect(await refusal(await sample('viafintech-camt_parser/053-valid_example.xml'))).toBe(
      'Die Datei entspricht nicht dem Schema camt.053.001.02. Zeile 62, Element „NtryRef“: Element ist an dieser Stelle nicht erlaubt; erwartet wird CdtDbtInd',
    );
    expect(await refusal(await sample('genkgo-camt/camt053.v2.wrong.xml'))).toBe(
      'Die Datei entspricht nicht dem Schema camt.053.001.02. Zeile 3, Element „BkToCstmrStmt“: Pflichtelement fehlt: Stmt',
    );
    expect(await refusal(await sample('viafintech-camt_parser/053-valid_example_v8.xml'))).toBe(
      'Die Datei entspricht nicht dem Schema camt.053.001.08. Zeile 119, Element „UETR“: Der Wert „d0826d0f-a005-5e3b-b3dc-54da4ac7f0d0“ hat nicht das vorgeschriebene Format',
    );
    const many = await refusal(await sample('hbci4java/test-camt-ruecklastschrift.xml'));
    expect(many).toMatch(
      /^Die Datei entspricht nicht dem Schema camt\.052\.001\.02\. Zeile 26, Element „BIC“: Der Wert „TEST12345“ hat nicht das vorgeschriebene Format\. Zeile 87, Element „Cd“: Das Element ist leer, braucht aber einen Wert\./,
    );
    expect(many).toMatch(/\(und \d+ weitere Fehler\)$/);
  });

  it('refuses damaged XML with the line and the open element', async () => {
    const text = (await sample('genkgo-camt/camt053.v2.minimal.xml')).toString('utf8');
    const line = text.slice(0, text.indexOf('</Ntry>')).split('\n').length;
    expect(await refusal(text.replace('</Ntry>', '</Ntri>'))).toMatch(
      new RegExp(
        `^Die Datei ist kein gültiges XML \\(Zeile ${line} im Element „\\w+“\\): Ein schließendes Tag passt nicht zum geöffneten Element$`,
      ),
    );
    const cut = text.slice(0, text.indexOf('</Ntry>'));
    expect(await refusal(cut)).toBe(
      `Die Datei ist kein gültiges XML (Zeile ${line} im Element „Ntry“): Ein Element wird nicht geschlossen (Datei unvollständig?)`,
    );
  });

  it('refuses foreign files: not XML, not UTF-8, DOCTYPE, unknown messages, a pain.008', async () => {
    expect(await refusal('%PDF-1.7 …')).toBe(
      'Die Datei ist keine XML-Datei. Bitte laden Sie den Kontoauszug im Format camt.053 oder camt.054 hoch',
    );
    expect(await refusal(Buffer.from([0x3c, 0x61, 0x3e, 0xe4, 0x3c, 0x2f, 0x61, 0x3e]))).toBe(
      'Die Datei ist nicht UTF-8-kodiert; camt-Dateien der Banken sind immer UTF-8',
    );
    expect(await refusal('<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY x "y">]>\n<a>&x;</a>')).toBe(
      'Die Datei enthält eine DOCTYPE-Deklaration; Bankdateien haben keine',
    );
    expect(
      await refusal('<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>'),
    ).toBe(
      'Zeile 2, Element „Document“: unbekannte Nachricht (urn:iso:std:iso:20022:tech:xsd:pain.001.001.03). Erwartet wird ein Kontoauszug camt.053, eine Avisierung camt.054 oder ein Umsatzbericht camt.052',
    );
    expect(await refusal(await sample('python-sepaxml/test_00800108-SAMPLE_RESULT.xml'))).toBe(
      'Zeile 1: Das ist eine Lastschrift-Einreichung (pain.008.001.08), kein Kontoauszug. Laden Sie hier die Datei hoch, die Sie von der Bank bekommen',
    );
    expect(await refusal('')).toBe('Die Datei ist leer');
  });
});
