import type { SecretLinkIssuer } from '../mail/secret-links.js';
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
