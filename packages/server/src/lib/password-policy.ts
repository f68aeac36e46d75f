import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@butler/contract/password-rules';
import { commonPasswords } from './common-passwords.js';

/**
 * Password policy for every password a person sets (ASVS 5.0 V6.2): 10 to 128 characters,
 * no composition rules, not on the shipped list of common and breached passwords, not built
 * from the account's own name or the portal's name (docs/decisions/0300-password-policy.md).
 * Existing passwords are never re-checked: the policy applies when a password is set.
 * Returns the German explanation of what is wrong, or null.
 */
export function passwordProblem(password: string, context: Array<string | null | undefined> = []): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein`;
  if (length > PASSWORD_MAX_LENGTH) return `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein`;
  const lower = password.toLowerCase();
  if (new Set(lower).size < 4) return 'Das Passwort besteht aus zu wenigen verschiedenen Zeichen';
  if (isCommon(lower)) {
    return 'Dieses Passwort steht auf einer Liste häufig verwendeter oder gestohlener Passwörter und ist leicht zu erraten. Bitte ein anderes wählen.';
  }
  const words = ['butler', 'butlerportal', ...context.flatMap(contextWords)];
  if (words.some((word) => word.length >= 4 && lower.includes(word))) {
    return 'Das Passwort darf weder den Namen des Portals noch Namen, Benutzernamen oder E-Mail-Adresse des Kontos enthalten';
  }
  return null;
}

/** Listed as it is, or a listed word with only digits or symbols added around it ("passwort2024!"). */
function isCommon(lower: string): boolean {
  const list = commonPasswords();
  if (list.has(lower)) return true;
  const core = lower.replace(/^[\d\W_]{1,6}/u, '').replace(/[\d\W_]{1,6}$/u, '');
  return core !== lower && core.length >= 4 && list.has(core);
}

function contextWords(value: string | null | undefined): string[] {
  if (!value) return [];
  const lower = value.toLowerCase();
  const local = lower.split('@')[0];
  return [lower, local, ...local.split(/[^\p{L}\p{N}]+/u)].filter((w) => w.length >= 4);
}
