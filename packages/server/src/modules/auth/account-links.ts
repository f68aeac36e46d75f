import { eq } from 'drizzle-orm';
import { admins, customers } from '../../db/schema/index.js';
import type { SecretLinkGuard, SecretLinkIssuer, SecretLinks } from '../mail/secret-links.service.js';
import { issueToken } from './account-tokens.js';

/**
 * The live link of an invitation or reset mail, made when the mail is sent (decision 0502):
 * a single-use token valid until the expiry the mail's text names; only its SHA-256 is
 * stored, and an older open link of the purpose stops working.
 */
export const issueAccountLink: SecretLinkIssuer = async (tx, env, ref) => {
  const owner = { userType: ref.userType, id: ref.id } as const;
  const { token } = await issueToken(tx, ref.purpose, owner, new Date(ref.expiresAt));
  return `${env.PUBLIC_URL}/passwort-festlegen#${token}`;
};

const sameAddress = (a: string | null, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A set-password link goes only to the account's current address, and only while the
 * account may use it (decision 0702): an invitation while the account is active and has no
 * password yet, a reset while it is active. "Erneut senden" of an old mail after the address
 * was corrected would otherwise hand a working link to the old mailbox.
 */
export const accountLinkRefusal: SecretLinkGuard = async (executor, ref, to) => {
  const table = ref.userType === 'admin' ? admins : customers;
  const [account] = await executor
    .select({ email: table.email, isActive: table.isActive, passwordHash: table.passwordHash })
    .from(table)
    .where(eq(table.id, ref.id));
  const who = ref.userType === 'admin' ? 'Mitarbeiterkonto' : 'Kundenkonto';
  if (!account) return `Das ${who} gibt es nicht mehr; der Link in dieser E-Mail wird nicht mehr gesendet.`;
  if (!sameAddress(account.email, to)) {
    const where = ref.userType === 'admin' ? 'beim Mitarbeiter' : 'beim Kunden';
    const what = ref.purpose === 'password_reset' ? 'E-Mail zum Zurücksetzen des Passworts' : 'Einladung';
    return `Die E-Mail-Adresse des ${who}s wurde inzwischen geändert; ein Link zum Passwort geht nur an die aktuelle Adresse. Bitte senden Sie ${where} eine neue ${what}.`;
  }
  if (!account.isActive) return `Das ${who} ist deaktiviert; ein Link zum Passwort wird nicht gesendet.`;
  if (ref.purpose !== 'password_reset' && account.passwordHash) {
    return `Das ${who} hat bereits ein Passwort; die Einladung wird nicht noch einmal gesendet. Für ein neues Passwort senden Sie eine E-Mail zum Zurücksetzen.`;
  }
  return null;
};

/** What mail gets for the mails with a live link (jobs/job-registry.ts, routes.ts). */
export const accountLinks: SecretLinks = { issue: issueAccountLink, refusal: accountLinkRefusal };
