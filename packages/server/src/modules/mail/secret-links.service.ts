import type { Executor } from '../../db/executor.js';
import type { ACCOUNT_TOKEN_PURPOSES, SecretLinkRef } from '../../db/schema/index.js';
import type { Env } from '../../env.js';
import { escapeHtml } from '../../lib/escape-html.js';

export type { SecretLinkRef };

/**
 * What a stored mail shows where its live link goes: the outbox row, the Postausgang, a
 * backup and an erased customer's leftovers never hold the link (decision 0502).
 */
export const SECRET_LINK = '[Link ausgeblendet]';

/**
 * Makes the live link of a mail in the sending transaction and answers its address. Mail
 * names the kind; the module that owns the accounts provides it (auth/account-links.ts,
 * handed in by jobs/job-registry.ts), so mail does not import it.
 */
export type SecretLinkIssuer = (tx: Executor, env: Env, ref: SecretLinkRef) => Promise<string>;

/** The recipe of an account link (invitation, reset): purpose, account, expiry; no secret. */
export const accountLink = (
  purpose: (typeof ACCOUNT_TOKEN_PURPOSES)[number],
  owner: { userType: 'admin' | 'customer'; id: number },
  expiresAt: Date,
): SecretLinkRef => ({ source: 'account-token', purpose, ...owner, expiresAt: expiresAt.toISOString() });

export const secretLinkExpired = (ref: SecretLinkRef | null) =>
  ref !== null && new Date(ref.expiresAt).getTime() <= Date.now();

/**
 * Why the live link of a mail may not go to `to` now, in German for staff, or null when it
 * may: the account's current address must be the mail's, and the account must still be one
 * that may use such a link (decision 0702). The module that owns the accounts provides it.
 */
export type SecretLinkGuard = (executor: Executor, ref: SecretLinkRef, to: string) => Promise<string | null>;

/** What mail needs of the accounts' owner for a mail with a live link: make it, or say why not. */
export type SecretLinks = { issue: SecretLinkIssuer; refusal: SecretLinkGuard };

export const LINK_EXPIRED =
  'Der Link in dieser E-Mail ist abgelaufen. Bitte senden Sie beim Kunden bzw. Mitarbeiter einen neuen Link.';

/** Why this stored mail's link may not be sent (again) now, or null (also for mails without a link). */
export async function secretLinkRefusal(
  links: Pick<SecretLinks, 'refusal'>,
  executor: Executor,
  mail: { secretLink: SecretLinkRef | null; toAddress: string },
): Promise<string | null> {
  if (!mail.secretLink) return null;
  if (secretLinkExpired(mail.secretLink)) return LINK_EXPIRED;
  return links.refusal(executor, mail.secretLink, mail.toAddress);
}

/**
 * Puts the live link into a mail just before it is handed to the transport. Each delivery
 * attempt (and each "Erneut senden") makes its own; a failed attempt's savepoint takes its
 * token back with it.
 */
export async function withSecretLink<M extends { text: string; html: string }>(
  issue: SecretLinkIssuer,
  tx: Executor,
  env: Env,
  mail: M,
  ref: SecretLinkRef | null,
): Promise<M> {
  if (!ref) return mail;
  const url = await issue(tx, env, ref);
  return {
    ...mail,
    text: mail.text.replaceAll(SECRET_LINK, () => url),
    html: mail.html.replaceAll(escapeHtml(SECRET_LINK), () => escapeHtml(url)),
  };
}
