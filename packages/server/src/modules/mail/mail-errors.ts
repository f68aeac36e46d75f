/**
 * Why a delivery failed, in the words the Postausgang shows to staff (German, no
 * internals). A mail server's own answer ("451 4.7.1 …") is quoted as it came: it is what the
 * provider's mail host says and what its support asks for. Errors of the portal's own machine
 * (the outbox folder, the network) get a German sentence with their code, never a file path
 * or a stack.
 */
const OUTBOX_FOLDER: Record<string, string> = {
  ENOTDIR: 'ein Teil des Pfades ist eine Datei statt eines Ordners',
  ENOENT: 'der Ordner fehlt',
  EACCES: 'keine Schreibrechte',
  EPERM: 'keine Schreibrechte',
  EROFS: 'der Datenträger ist schreibgeschützt',
  ENOSPC: 'der Datenträger ist voll',
  EDQUOT: 'das Speicherkontingent ist erschöpft',
  EEXIST: 'eine Datei dieses Namens besteht schon',
  EISDIR: 'an Stelle der Datei steht ein Ordner',
  EMFILE: 'zu viele offene Dateien',
};

const CONNECTION: Record<string, string> = {
  ECONNREFUSED: 'Der Mailserver nimmt keine Verbindung an',
  ECONNRESET: 'Der Mailserver hat die Verbindung abgebrochen',
  ETIMEDOUT: 'Der Mailserver antwortet nicht (Zeitüberschreitung)',
  ENOTFOUND: 'Der Name des Mailservers ist unbekannt',
  EAI_AGAIN: 'Der Name des Mailservers ist gerade nicht auflösbar',
  EHOSTUNREACH: 'Der Mailserver ist nicht erreichbar',
  ENETUNREACH: 'Das Netz des Mailservers ist nicht erreichbar',
  EAUTH: 'Der Mailserver hat die Anmeldung abgelehnt (Benutzer oder Passwort in SMTP_URL)',
  ETLS: 'Die verschlüsselte Verbindung zum Mailserver kam nicht zustande',
  EENVELOPE: 'Der Mailserver hat Absender oder Empfänger abgelehnt',
};

export function describeMailError(error: unknown): string {
  const e = (error ?? {}) as { response?: string; message?: string; code?: string; syscall?: string };
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  if (typeof e.response === 'string' && e.response.trim()) return `Antwort des Mailservers: ${oneLine(e.response)}`;
  const code = typeof e.code === 'string' ? e.code : '';
  // A file-system error carries its syscall (open, rename, mkdir, …); its message the path.
  if (e.syscall && OUTBOX_FOLDER[code])
    return `Die E-Mail konnte nicht im Postausgang-Ordner abgelegt werden: ${OUTBOX_FOLDER[code]} (${code})`;
  if (CONNECTION[code]) return `${CONNECTION[code]} (${code})`;
  const text = oneLine(e.message ?? (typeof error === 'string' ? error : ''));
  return text || 'Unbekannter Fehler beim Versand';
}
