import { describe, expect, it } from 'vitest';
import { describeMailError } from './mail-errors.js';

/** Errors as node and nodemailer raise them. */
const fsError = (code: string, syscall: string, path: string) =>
  Object.assign(new Error(`${code}: failed, ${syscall} '${path}'`), { code, syscall, path });

describe('describeMailError', () => {
  it('quotes a mail server answer as it came', () => {
    const error = Object.assign(new Error('Message failed'), {
      response: '451 4.7.1  Try again\nlater',
      code: 'EMESSAGE',
    });
    expect(describeMailError(error)).toBe('Antwort des Mailservers: 451 4.7.1 Try again later');
  });

  it('says in German what went wrong with the outbox folder, without its path', () => {
    const text = describeMailError(fsError('ENOTDIR', 'open', '/srv/butler/data/outbox/.2026-mail-4.eml.part'));
    expect(text).toBe(
      'Die E-Mail konnte nicht im Postausgang-Ordner abgelegt werden: ein Teil des Pfades ist eine Datei statt eines Ordners (ENOTDIR)',
    );
    expect(describeMailError(fsError('ENOSPC', 'write', '/srv/x'))).toContain('der Datenträger ist voll (ENOSPC)');
    expect(text).not.toContain('/srv');
  });

  it('names connection problems in German with their code', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
    expect(describeMailError(refused)).toBe('Der Mailserver nimmt keine Verbindung an (ECONNREFUSED)');
    const auth = Object.assign(new Error('Missing credentials for "PLAIN"'), { code: 'EAUTH' });
    expect(describeMailError(auth)).toBe(
      'Der Mailserver hat die Anmeldung abgelehnt (Benutzer oder Passwort in SMTP_URL) (EAUTH)',
    );
  });

  it('falls back to the message, then to a German sentence', () => {
    expect(describeMailError(new Error('Attachment source missing'))).toBe('Attachment source missing');
    expect(describeMailError(undefined)).toBe('Unbekannter Fehler beim Versand');
  });
});
