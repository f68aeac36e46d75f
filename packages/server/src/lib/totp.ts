import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
const ISSUER = 'Butler-Portal';

function totpFor(base32Secret: string, label = 'Mitarbeiter') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32Secret),
  });
}

/** A new 160-bit secret (RFC 4226 recommends 160 bits), base32 for manual entry. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(base32Secret: string, username: string): string {
  return totpFor(base32Secret, username).toString();
}

/**
 * The time step of a matching code (±1 step for clock drift), or null. The caller stores
 * the step and refuses any step not newer than the last accepted one (no replay).
 */
export function matchTotp(base32Secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(base32Secret).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The current code (for tests and the demo). */
export function currentTotp(base32Secret: string, now = Date.now()): string {
  return totpFor(base32Secret).generate({ timestamp: now });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes of 10 characters (≈ 49 bits each) as `xxxxx-xxxxx`. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** Recovery codes are compared case- and dash-insensitively. */
export function normalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return normalRecoveryCode(code).length === 10;
}
