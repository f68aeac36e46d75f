import { MANDATE_ONLINE_TEXTS } from '@butler/contract/mandate-online-texts';
import { describe, expect, it } from 'vitest';
import { groupIban, mandateSignBody, mandateSignErrors } from './mandate-sign-rules';

const du = MANDATE_ONLINE_TEXTS.du;
const valid = {
  debtor_name: 'Lena Brunner',
  debtor_iban: 'AT48 3200 0000 1234 5864',
  debtor_bic: '',
  password: 'geheim',
};

describe('Lastschrift einrichten: the dialog’s checks', () => {
  it('accepts a correct Austrian IBAN with spaces and no BIC', () => {
    expect(mandateSignErrors(valid, du)).toEqual({});
  });

  it('names what is missing in the customer’s voice', () => {
    expect(mandateSignErrors({ debtor_name: ' ', debtor_iban: '', debtor_bic: '', password: '' }, du)).toEqual({
      debtor_name: 'Bitte gib den Kontoinhaber an',
      debtor_iban: 'Bitte gib deine IBAN an',
      password: 'Bitte gib dein Passwort ein',
    });
    expect(mandateSignErrors({ ...valid, password: '' }, MANDATE_ONLINE_TEXTS.sie).password).toBe(
      'Bitte geben Sie Ihr Passwort ein',
    );
  });

  it('refuses an IBAN with a wrong check digit and a malformed BIC', () => {
    const errors = mandateSignErrors({ ...valid, debtor_iban: 'AT48 3200 0000 1234 5865', debtor_bic: 'BKAU' }, du);
    expect(errors.debtor_iban).toBe('Die IBAN ist ungültig (Prüfziffer oder Länge stimmt nicht)');
    expect(errors.debtor_bic).toBe('Der BIC ist ungültig (8 oder 11 Zeichen, z. B. BKAUATWW)');
  });

  it('groups the IBAN in fours while typing', () => {
    expect(groupIban('at483200000012345864')).toBe('AT48 3200 0000 1234 5864');
    expect(groupIban('AT48-3200')).toBe('AT48 3200');
  });

  it('sends the mandate text exactly as shown and the account without spaces', () => {
    const offer = {
      reference: 'K0007-1',
      creditor_name: 'Mein BUTLER e.U.',
      creditor_id: 'AT88ZZZ00000000001',
      mandate_text: 'Zeile 1\n\nZeile 2 ',
      debtor_name: 'Lena Brunner',
    };
    expect(mandateSignBody({ ...valid, debtor_bic: 'bkauatww' }, offer, 'key-12345')).toEqual({
      idempotency_key: 'key-12345',
      reference: 'K0007-1',
      mandate_text: 'Zeile 1\n\nZeile 2 ',
      debtor_name: 'Lena Brunner',
      debtor_iban: 'AT483200000012345864',
      debtor_bic: 'BKAUATWW',
      password: 'geheim',
    });
  });
});
