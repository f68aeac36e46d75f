/** Node socket errors that mean "PostgreSQL cannot be reached right now". */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'Verbindung abgelehnt',
  ENOENT: 'Datenbank-Socket fehlt (Server gestoppt)',
  ECONNRESET: 'Verbindung zurückgesetzt',
  EPIPE: 'Verbindung abgebrochen',
  ETIMEDOUT: 'Zeitüberschreitung',
  EHOSTUNREACH: 'Server nicht erreichbar',
  ENETUNREACH: 'Netz nicht erreichbar',
  ENOTFOUND: 'Servername unbekannt',
  EAI_AGAIN: 'Servername derzeit nicht auflösbar',
};

/** SQLSTATEs of a server that is going away, starting or full (not the request's fault). */
const SERVER_STATES: Record<string, string> = {
  '57P01': 'Datenbank wird heruntergefahren',
  '57P02': 'Datenbank nach einem Absturz neu gestartet',
  '57P03': 'Datenbank startet gerade',
  '53300': 'zu viele Datenbankverbindungen',
};

const MESSAGES: Array<[RegExp, string]> = [
  [/timeout exceeded when trying to connect/i, 'Zeitüberschreitung beim Verbindungsaufbau'],
  [/Connection terminated/i, 'Verbindung unterbrochen'],
  [/Client has encountered a connection error/i, 'Verbindungsfehler'],
  [/the database system is (starting up|shutting down|in recovery mode)/i, 'Datenbank startet oder stoppt'],
  [/Client was closed and is not queryable/i, 'Verbindung geschlossen'],
];

/**
 * Why an error means the database is unavailable (German, for /api/health and the log),
 * or null when it is an ordinary error. Looks through `cause` chains (drizzle wraps the
 * driver's error in "Failed query: …").
 */
export function databaseUnavailableReason(error: unknown): string | null {
  let current: any = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (NETWORK_CODES[code]) return `${NETWORK_CODES[code]} (${code})`;
    if (SERVER_STATES[code]) return `${SERVER_STATES[code]} (${code})`;
    if (code.startsWith('08')) return `Verbindungsfehler (${code})`;
    const message = typeof current.message === 'string' ? current.message : '';
    for (const [pattern, reason] of MESSAGES) if (pattern.test(message)) return reason;
    if (current instanceof AggregateError && current.errors.length) {
      const inner = databaseUnavailableReason(current.errors[0]);
      if (inner) return inner;
    }
    current = current.cause;
  }
  return null;
}

export const DATABASE_UNAVAILABLE =
  'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in Kürze erneut.';
