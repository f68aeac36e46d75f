import { describe, expect, it } from 'vitest';
import { proveIdentityBody, proveIdentityProblems, proveIdentityStart } from './prove-identity-rules';

describe('2FA off / new recovery codes: proving who you are', () => {
  it('needs the password and a code; a code of spaces is no code', () => {
    expect(proveIdentityProblems(proveIdentityStart())).toEqual({
      password: 'Bitte geben Sie Ihr Passwort ein',
      code: 'Bitte geben Sie den Code ein',
    });
    expect(proveIdentityProblems({ password: ' ', code: '   ' })).toEqual({ code: 'Bitte geben Sie den Code ein' });
    expect(proveIdentityProblems({ password: 'geheim', code: '123456' })).toEqual({});
  });

  it('keeps the password as typed and trims the code', () => {
    expect(proveIdentityBody({ password: ' geheim ', code: ' 123 456 ' })).toEqual({
      password: ' geheim ',
      code: '123 456',
    });
  });
});
