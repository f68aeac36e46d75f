import { describe, expect, it } from 'vitest';
import { staffEmailProblems, staffEmailStart } from './staff-email-rules';

describe('E-Mail-Adresse ändern', () => {
  it('starts with the current address and an empty password', () => {
    expect(staffEmailStart(null)).toEqual({ email: '', current_password: '' });
    expect(staffEmailStart('lisa@example.at')).toEqual({ email: 'lisa@example.at', current_password: '' });
  });

  it('asks for an address that looks like one and the password to confirm', () => {
    expect(staffEmailProblems({ email: ' ', current_password: '' })).toEqual({
      email: 'Bitte geben Sie eine E-Mail-Adresse ein',
      current_password: 'Bitte geben Sie Ihr Passwort zur Bestätigung ein',
    });
    expect(staffEmailProblems({ email: 'lisa(at)example.at', current_password: 'x' })).toEqual({
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    });
    expect(staffEmailProblems({ email: ' lisa@example.at ', current_password: 'x' })).toEqual({});
  });
});
