import type { ValidateTokenResponse } from '@butler/contract/auth';
import { apiRequest } from '../lib/api-client';
import { isRestorable, readStoredSession } from '../lib/session-storage';

let pending: { token: string; answer: Promise<ValidateTokenResponse> } | null = null;

/**
 * The server's check of a stored session's token (SPEC §3: a stored session is restored only
 * after it). One request per token: the check the app script starts (`startSessionCheck`) is
 * the one the session provider waits for after its first render, instead of a second one
 * that would only be sent then, a round trip later (decision 0413).
 */
export function checkStoredSession(token: string): Promise<ValidateTokenResponse> {
  if (pending?.token !== token) {
    const answer = apiRequest<ValidateTokenResponse>('/api/auth/validate-token', {
      method: 'POST',
      skipUnauthorizedHandling: true,
    });
    // Nobody may be waiting yet; the provider handles a refusal when it takes the answer.
    answer.catch(() => {});
    pending = { token, answer };
  }
  return pending.answer;
}

/** Settles when the check of the stored session (if one was sent) has been answered, either way. */
export function sessionCheckSettled(): Promise<void> {
  return pending
    ? pending.answer.then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

/** Called when the app script runs: sends the check of a restorable stored session at once. */
export function startSessionCheck() {
  const stored = readStoredSession();
  if (isRestorable(stored)) void checkStoredSession(stored.token);
}
