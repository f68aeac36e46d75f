import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy.js';

describe('passwordProblem', () => {
  it('accepts a long unusual password and passphrases with spaces', () => {
    expect(passwordProblem('Geheim-Passwort-1')).toBeNull();
    expect(passwordProblem('drei grüne Äpfel am Fensterbrett')).toBeNull();
  });

  it('explains in German when a password is shorter than 10 or longer than 128 characters', () => {
    expect(passwordProblem('Kurz-9-Zx')).toBe('Das Passwort muss mindestens 10 Zeichen lang sein');
    expect(passwordProblem('x7'.repeat(65))).toBe('Das Passwort darf höchstens 128 Zeichen lang sein');
    // Counts characters, not UTF-16 units: ten emoji are ten characters.
    expect(passwordProblem('🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵')).toBeNull();
  });

  it('refuses passwords from the shipped list, also with digits or symbols added', () => {
    for (const weak of ['qwertyuiop', 'Passwort2024!', '1234567890', 'Sonnenschein', '!!Schatzi123']) {
      expect(passwordProblem(weak), weak).toMatch(/Liste häufig verwendeter oder gestohlener Passwörter/);
    }
  });

  it('refuses passwords of very few distinct characters', () => {
    expect(passwordProblem('aaaaaaaaaaaa')).toBe('Das Passwort besteht aus zu wenigen verschiedenen Zeichen');
  });

  it("refuses the portal's name and the account's own name, username or e-mail", () => {
    expect(passwordProblem('MeinButlerZugang7')).toMatch(/Namen des Portals/);
    expect(passwordProblem('Huberbauer#2026x', ['Anna', 'Huberbauer', 'a.huberbauer@example.at'])).toMatch(
      /Benutzernamen oder E-Mail-Adresse/,
    );
    expect(passwordProblem('Huberbauer#2026x', ['Maria'])).toBeNull();
  });
});
