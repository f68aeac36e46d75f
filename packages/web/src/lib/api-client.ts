import { clearStoredSession, readStoredSession, touchStoredSession } from './session-storage';

/** SPEC §7: every request times out after 10 seconds. */
export const REQUEST_TIMEOUT_MS = 10_000;
/**
 * Calls that draw documents (issuing, Storno, reminders, every file download) wait as long as
 * the server lets one drawing take (PDF_RENDER_SECONDS, 60 s) and a little more: giving up
 * earlier told a user "nicht versendet" about an invoice the server issued (decision 0834).
 */
export const DOCUMENT_TIMEOUT_MS = 70_000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
const forbiddenListeners = new Set<Listener>();
let lastActivityCall = 0;

/** Called once per 401: the session layer clears state and goes to the login page. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Called on a 403 of a signed-in session: the staff member's role may have changed since the
 * app last asked, so the session layer fetches their rights again (decision 0540).
 */
export function onForbidden(listener: Listener): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

export function lastSuccessfulCallAt() {
  return lastActivityCall;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** For login/validate calls: do not treat 401 as an expired session. */
  skipUnauthorizedHandling?: boolean;
  /** Calls that build or carry a large file (a year's handover) may take longer than REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
};

export function buildUrl(path: string, query?: RequestOptions['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** fetch with bearer token, timeout, German errors and the 401 rule of SPEC §8. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { response } = await rawRequest(path, options);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
}

/** Like apiRequest but also returns the response (headers such as X-Total-Count). */
export async function apiRequestWithTotal<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ items: T; total: number }> {
  const { response } = await rawRequest(path, options);
  const items = (await response.json()) as T;
  const total = Number(response.headers.get('x-total-count') ?? (Array.isArray(items) ? items.length : 0));
  return { items, total };
}

/** Downloads a file (PDF, ZIP, attachment) with the bearer token and returns a Blob. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  const { response } = await rawRequest(path, { timeoutMs: DOCUMENT_TIMEOUT_MS, ...options });
  return response.blob();
}

async function rawRequest(path: string, options: RequestOptions) {
  const session = readStoredSession();
  const headers: Record<string, string> = { accept: 'application/json' };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (session?.token) headers.authorization = `Bearer ${session.token}`;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError('Der Server antwortet nicht. Bitte versuchen Sie es erneut.', 0);
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.', 0);
  }
  if (response.ok) {
    lastActivityCall = Date.now();
    touchStoredSession();
    return { response };
  }
  let body: { error?: string; details?: Record<string, string> } = {};
  try {
    body = await response.json();
  } catch {
    // not JSON (proxy error page); fall back to a generic text
  }
  if (response.status === 401 && !options.skipUnauthorizedHandling && session?.token) {
    clearStoredSession();
    for (const listener of unauthorizedListeners) listener();
  }
  if (response.status === 403 && session?.token) for (const listener of forbiddenListeners) listener();
  throw new ApiError(body.error ?? 'Ein unerwarteter Fehler ist aufgetreten.', response.status, body.details);
}

/** No answer came (timeout or no connection): whether the call had its effect is unknown. */
export const isUnanswered = (error: unknown) => error instanceof ApiError && error.status === 0;

/** The server's German text, else the screen's fallback (SPEC §8). */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
