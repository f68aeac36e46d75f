import { describe, expect, it } from 'vitest';
import { type IncomingCredit, type MatchCandidate, matchCredit, normalizeName } from './payment-matching.js';

const candidate = (overrides: Partial<MatchCandidate> = {}): MatchCandidate => ({
  invoiceId: 1,
  invoiceNumber: '2026-0012',
  paymentReference: 'RF4120260012',
  openCents: 19900n,
  dueDate: '2026-12-15',
  payerNames: ['Größl', 'Jürgen Größl'],
  payerIbans: ['AT483200000012345864'],
  ...overrides,
});
const credit = (overrides: Partial<IncomingCredit> = {}): IncomingCredit => ({
  amountCents: 19900n,
  counterpartyName: 'GROESSL JUERGEN',
  counterpartyIban: 'AT022050303300646365',
  texts: ['RF41 2026 0012'],
  ...overrides,
});

describe('matching incoming credits', () => {
  it('books at once when reference, amount and payer fit one open invoice', () => {
    expect(
      matchCredit(credit(), [
        candidate(),
        candidate({ invoiceId: 2, invoiceNumber: '2026-0013', paymentReference: 'RF1420260013' }),
      ]),
    ).toEqual({
      state: 'matched',
      invoiceId: 1,
      note: 'Zahlungsreferenz RF4120260012, Betrag und Zahler passen',
    });
    // The invoice number with any separator, the payer known by IBAN only.
    expect(
      matchCredit(
        credit({
          texts: ['Rechnung 2026 0012 Danke'],
          counterpartyName: 'Firma XY',
          counterpartyIban: 'AT48 3200 0000 1234 5864',
        }),
        [candidate()],
      ),
    ).toMatchObject({ state: 'matched', note: 'Rechnungsnummer 2026-0012, Betrag und Zahler passen' });
  });

  it('suggests partial and over-payments with the amounts in German', () => {
    expect(matchCredit(credit({ amountCents: 10000n }), [candidate()])).toEqual({
      state: 'suggested',
      invoiceId: 1,
      note: 'Zahlungsreferenz RF4120260012; Teilzahlung: € 100,00 von € 199,00 offen',
    });
    expect(matchCredit(credit({ amountCents: 123456n }), [candidate()]).note).toBe(
      'Zahlungsreferenz RF4120260012; Überzahlung: € 1.234,56 statt € 199,00 (€ 1.035,56 werden Guthaben)',
    );
  });

  it('suggests when the payer is not known', () => {
    expect(matchCredit(credit({ counterpartyName: 'Unbekannt GmbH' }), [candidate()])).toMatchObject({
      state: 'suggested',
      invoiceId: 1,
    });
  });

  it('suggests references with one typo, and never books them', () => {
    for (const text of ['RF41 2026 0021', 'Rechnung 2026-0013', 'Re 20260O12']) {
      const result = matchCredit(credit({ texts: [text] }), [candidate()]);
      expect(result.state, text).not.toBe('matched');
    }
    expect(matchCredit(credit({ texts: ['Rechnung 2026-0102'] }), [candidate()])).toEqual({
      state: 'suggested',
      invoiceId: 1,
      note: 'Referenz ähnlich 2026-0012 (Tippfehler?)',
    });
  });

  it('suggests by amount and payer when no reference is given, naming how many fit', () => {
    const two = [
      candidate(),
      candidate({ invoiceId: 2, invoiceNumber: '2026-0013', paymentReference: null, dueDate: '2026-11-30' }),
    ];
    expect(matchCredit(credit({ texts: ['Danke!'] }), two)).toEqual({
      state: 'suggested',
      invoiceId: 2,
      note: 'Betrag und Zahler passen, keine Referenz; 2 Rechnungen kämen in Frage',
    });
  });

  it('leaves the rest unassigned', () => {
    expect(
      matchCredit(credit({ texts: ['Miete Dezember'], counterpartyName: 'Hausverwaltung' }), [candidate()]),
    ).toEqual({
      state: 'unassigned',
      invoiceId: null,
      note: null,
    });
  });

  it('does not take a longer number for the invoice number', () => {
    expect(matchCredit(credit({ texts: ['Kundennummer 2026-00123'] }), [candidate()]).state).not.toBe('matched');
  });

  it('compares names without accents and case', () => {
    expect(normalizeName('  Größl-Müller, Jürgen ')).toBe('groessl mueller juergen');
  });
});
