import { describe, expect, it } from 'vitest';
import { startReport } from './start-report.js';

const local = { SMTP_URL: undefined, DATA_DIR: '/srv/butler/data', PUBLIC_URL: 'http://localhost:3000' };
const firstStart = { created: true, username: 'admin', generatedPassword: 'Xy7-generiert' };

describe('what the start prints (decisions 0755, 0756)', () => {
  it('names the staff login for the first account, and says mail stays in the outbox folder', () => {
    const lines = startReport({
      address: 'http://127.0.0.1:3000',
      storage: 'Daten in /srv',
      env: local,
      admin: firstStart,
    });
    expect(lines[0]).toBe('Butler-Portal läuft auf http://127.0.0.1:3000 (Daten in /srv)');
    expect(lines).toContain('Generiertes Passwort (wird nur jetzt angezeigt): Xy7-generiert');
    expect(lines).toContain('Mitarbeiter-Anmeldung (für dieses Konto): http://127.0.0.1:3000/admin/login');
    const mail = lines.find((l) => l.includes('Mailserver'));
    expect(mail).toBe(
      'Achtung: Kein Mailserver eingerichtet (SMTP_URL ist nicht gesetzt). E-Mails werden NICHT versendet, sondern nur als .eml-Dateien im Ordner /srv/butler/data/outbox abgelegt.',
    );
    expect(lines).toContain('Links in E-Mails führen zu http://localhost:3000 (PUBLIC_URL).');
    expect(lines.some((l) => l.startsWith('Achtung: Diese Adresse öffnet sich nur auf diesem Computer.'))).toBe(true);
  });

  it('with a mail server and a public address: names the server without its password, no warnings', () => {
    const lines = startReport({
      address: 'http://127.0.0.1:3000',
      storage: 'externe PostgreSQL-Datenbank',
      env: {
        SMTP_URL: 'smtp://portal:geheim@mail.example.at:587',
        DATA_DIR: '/d',
        PUBLIC_URL: 'https://portal.example.at',
      },
      admin: { created: false, username: 'admin' },
    });
    expect(lines).toContain('E-Mails werden über den Mailserver mail.example.at:587 versendet.');
    expect(lines.join('\n')).not.toContain('geheim');
    expect(lines.join('\n')).not.toContain('Achtung');
    expect(lines).toContain(
      'Mitarbeiter-Anmeldung: http://127.0.0.1:3000/admin/login · Kunden-Lounge: http://127.0.0.1:3000/',
    );
    expect(lines.join('\n')).not.toContain('Passwort');
  });
});
