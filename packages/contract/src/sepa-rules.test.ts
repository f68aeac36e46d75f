import { describe, expect, it } from 'vitest';
import {
  creditorIdProblem,
  isBic,
  isCreditorId,
  isIban,
  maskIban,
  mod97,
  sepaIdentifierProblem,
} from './sepa-rules.js';

describe('creditor identifier (Gläubiger-ID)', () => {
  it('accepts the identifiers SEPA-SDD-FACTS.md checked by hand', () => {
    for (const id of ['DE98ZZZ09999999999', 'NL51ZZZ405365330000', 'AT88ZZZ00000000001', 'at88 zzz 0000 0000 001']) {
      expect(creditorIdProblem(id), id).toBeNull();
    }
  });

  it('ignores the business code in the check digits (ZZZ or any other)', () => {
    expect(isCreditorId('DE98ABC09999999999')).toBe(true);
  });

  it('refuses wrong check digits, including those of the sample files', () => {
    expect(creditorIdProblem('BG40ZZZ507778')).toBe('Die Prüfziffern der Gläubiger-ID stimmen nicht');
    expect(creditorIdProblem('DE26ZZZ00000000000')).toBe('Die Prüfziffern der Gläubiger-ID stimmen nicht');
    expect(creditorIdProblem('AT89ZZZ00000000001')).toBe('Die Prüfziffern der Gläubiger-ID stimmen nicht');
  });

  it('refuses a wrong shape and Austrian ids without 11 digits', () => {
    expect(creditorIdProblem('ATZZZ1')).toMatch(/Format/);
    expect(creditorIdProblem('AT88ZZZ0000000001')).toBe(
      'Eine österreichische Gläubiger-ID hat nach „ATppZZZ“ genau 11 Ziffern',
    );
    expect(creditorIdProblem(`DE00ZZZ${'1'.repeat(29)}`)).toMatch(/Format/);
  });

  it('computes MOD 97-10 with letters as two digits', () => {
    // IBAN rule as the cross-check: a valid IBAN rearranged leaves 1.
    expect(mod97('370400440532013000DE89')).toBe(1);
    expect(mod97('A')).toBe(10);
  });
});

describe('IBAN and BIC', () => {
  it('checks IBAN check digits and country lengths, with or without spaces', () => {
    expect(isIban('AT61 1904 3002 3457 3201')).toBe(true);
    expect(isIban('AT62 1904 3002 3457 3201')).toBe(false);
    expect(isIban('AT61 1904 3002 3457 320')).toBe(false);
    expect(isIban('DE89370400440532013000')).toBe(true);
  });

  it('masks an IBAN to country and last four digits', () => {
    expect(maskIban('AT61 1904 3002 3457 3201')).toBe('AT...3201');
  });

  it('checks BICs of 8 and 11 characters', () => {
    expect(isBic('BKAUATWW')).toBe(true);
    expect(isBic('bkauatwwxxx')).toBe(true);
    expect(isBic('TEST12345')).toBe(false);
  });
});

describe('SEPA identifiers', () => {
  it('accept references of the SEPA set up to 35 characters', () => {
    expect(sepaIdentifierProblem('K0042-01', 'Mandatsreferenz')).toBeNull();
    expect(sepaIdentifierProblem("A/B-?:().,'+ 9", 'X')).toBeNull();
    expect(sepaIdentifierProblem('A'.repeat(35), 'X')).toBeNull();
  });

  it('refuse umlauts, length over 35, empty, slashes at the ends and double slashes', () => {
    expect(sepaIdentifierProblem('Müller-1', 'Mandatsreferenz')).toMatch(/keine Umlaute/);
    expect(sepaIdentifierProblem('A'.repeat(36), 'Mandatsreferenz')).toBe(
      'Mandatsreferenz darf höchstens 35 Zeichen lang sein',
    );
    expect(sepaIdentifierProblem('', 'Mandatsreferenz')).toBe('Mandatsreferenz darf nicht leer sein');
    expect(sepaIdentifierProblem('/A1', 'X')).toBe('X darf nicht mit „/“ beginnen oder enden');
    expect(sepaIdentifierProblem('A1/', 'X')).toBe('X darf nicht mit „/“ beginnen oder enden');
    expect(sepaIdentifierProblem('A//1', 'X')).toBe('X darf kein „//“ enthalten');
    expect(sepaIdentifierProblem(' A1', 'X')).toBe('X darf nicht mit einem Leerzeichen beginnen oder enden');
    expect(sepaIdentifierProblem('A_1', 'X')).toMatch(/nur Buchstaben/);
  });
});
