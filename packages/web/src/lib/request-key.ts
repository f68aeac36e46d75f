/**
 * A fresh key for one user action (DESIGN.md §19): the server answers a repeated request with
 * the same key with its first result, so a double tap, a retry after a lost answer or a
 * queued booking sent again acts once (decisions 0810, 0850, 0853, 0860). 32 hex characters
 * from `crypto.getRandomValues`, which browsers offer also on a plain-HTTP LAN address,
 * where `crypto.randomUUID` is missing.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
