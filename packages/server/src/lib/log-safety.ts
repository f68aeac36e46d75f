import type { Writable } from 'node:stream';
import type { Env } from '../env.js';

/**
 * No log line carries a value the portal was asked to store (decision
 * 0501). Drizzle puts every bound parameter of a failed query into its error's message and
 * `params` (an argon2id hash, a name, an e-mail, a street), PostgreSQL's `detail` repeats the
 * conflicting values ("Key (email)=(…) already exists"), and pino's standard serializer
 * writes all of it. Errors are logged through `safeError` instead: the error's type, codes,
 * the names of constraint/table/column, the SQL text with its placeholders, and the stack
 * frames; never parameters, details or a database message about data.
 */

/** Free text that looks like personal data or a secret is masked wherever it appears in a log line. */
const MASKS: Array<[RegExp, string]> = [
  [/\bparams:[\s\S]*?(?=\n\s+at |$)/g, 'params: [ausgelassen]'],
  [/\$argon2(?:id|i|d)\$[A-Za-z0-9$=,+/.-]*/g, '[Hash]'],
  [/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu, '[E-Mail]'],
  [/#[A-Za-z0-9_-]{40,}/g, '#[Link]'],
  // A Kalender-Abo's address holds its secret in the path (decision 0841).
  [/\/api\/calendar\/[^/?\s"]+/g, '/api/calendar/[Kalender-Abo]'],
  // An IBAN, written whole or in groups of four (decision 0706): country, check digits, 8–30 more.
  [/\b[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]{4}){2,7}(?: ?[A-Za-z0-9]{1,3})?\b/g, '[IBAN]'],
];

/**
 * What an error's own message may bring into a log line (decision 0706): its first line, at
 * most 300 characters, quoted passages that are not a name of code (an identifier, a path)
 * left out. Parsers quote what they read (libxml2 repeats the file's line below its message,
 * JSON.parse a piece of its input in quotes): an uploaded file's names and IBANs stay out.
 */
function errorMessageText(message: string): string {
  const first = message.split('\n')[0].slice(0, 300);
  return scrubLogText(
    first.replace(/"([^"]*)"|'([^']*)'|„([^“]*)“/g, (quoted, ...groups: Array<string | undefined>) =>
      /^[\w./:@$-]*$/.test(groups.slice(0, 3).find((g) => g !== undefined) ?? '') ? quoted : '"[...]"',
    ),
  );
}

export function scrubLogText(text: string): string {
  let out = text;
  for (const [pattern, mask] of MASKS) out = out.replace(pattern, () => mask);
  return out;
}

/** SQLSTATE classes whose server message is about the code, not about stored values. */
const CODE_CLASSES = new Set([
  '08',
  '25',
  '26',
  '28',
  '2B',
  '34',
  '3D',
  '3F',
  '40',
  '42',
  '53',
  '54',
  '55',
  '57',
  '58',
]);

type PgLike = {
  code: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  message: string;
};

function databaseErrorIn(error: unknown): PgLike | null {
  let current: any = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code) && 'severity' in current) return current;
    current = current.cause;
  }
  return null;
}

const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : undefined;

/** What a log line may say about an error (pino serializer for `err`, `error` and `cause`). */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return { type: typeof error, message: errorMessageText(String(error)) };
  }
  const e = error as Error & Record<string, any>;
  const out: Record<string, unknown> = { type: e.constructor?.name ?? 'Error' };
  const db = databaseErrorIn(error);
  if (db) {
    out.code = db.code;
    for (const key of ['constraint', 'table', 'column', 'routine'] as const) if (db[key]) out[key] = db[key];
    // The statement with its $1, $2 placeholders, never the values bound to them.
    if (typeof e.query === 'string') out.query = e.query.slice(0, 2000);
    out.message = CODE_CLASSES.has(db.code.slice(0, 2))
      ? scrubLogText(db.message)
      : `PostgreSQL ${db.code}${db.constraint ? ` (${db.constraint})` : ''}`;
  } else {
    if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
    if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
    out.message = errorMessageText(String(e.message ?? ''));
    if (e.cause && depth < 3) out.cause = safeError(e.cause, depth + 1);
  }
  const stack = framesOf(e.stack);
  if (stack) out.stack = stack;
  return out;
}

/** The request as a log line shows it: method and path; no query string (searches name people), no headers. */
export function safeRequest(request: { method?: string; url?: string; ip?: string }) {
  const path = request.url?.split('?')[0];
  return { method: request.method, url: path === undefined ? path : scrubLogText(path) };
}

/** The portal's pino options (main.ts; the log-capture test uses the same with its own stream). */
export function loggerOptions(env: Pick<Env, 'LOG_LEVEL'>, stream?: Writable) {
  return {
    level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL,
    serializers: { err: safeError, error: safeError, cause: safeError, req: safeRequest },
    // Bearer tokens never reach the log, whatever the level.
    redact: ['req.headers.authorization', 'headers.authorization'],
    ...(stream ? { stream } : {}),
  };
}
