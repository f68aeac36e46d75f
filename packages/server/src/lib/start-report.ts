import path from 'node:path';
import type { Env } from '../env.js';
import { isLocalPublicUrl, mailTransportKind } from './mail.js';

/** The mail server's host and port from SMTP_URL, never its user or password. */
function mailServer(smtpUrl: string): string {
  try {
    return new URL(smtpUrl).host || 'aus SMTP_URL';
  } catch {
    return 'aus SMTP_URL';
  }
}

/**
 * What `npm start` prints once the portal listens (decision 0755, 0756): where it runs, the
 * staff sign-in for the first account (the address of the start opens the customers' login),
 * and plainly whether mail leaves the machine and which address the links in mails carry.
 */
export function startReport(input: {
  /** The address the portal listens on, as a person at this computer opens it. */
  address: string;
  /** "Daten in …" or "externe PostgreSQL-Datenbank". */
  storage: string;
  env: Pick<Env, 'SMTP_URL' | 'DATA_DIR' | 'PUBLIC_URL'>;
  admin: { created: boolean; username: string; generatedPassword?: string };
}): string[] {
  const { address, env, admin } = input;
  const staffLogin = `${address}/admin/login`;
  const lines = [`Butler-Portal läuft auf ${address} (${input.storage})`];
  if (admin.created) {
    lines.push(`Erstes Admin-Konto angelegt: Benutzername "${admin.username}"`);
    if (admin.generatedPassword) {
      lines.push(`Generiertes Passwort (wird nur jetzt angezeigt): ${admin.generatedPassword}`);
      lines.push('Nach der ersten Anmeldung bietet das Portal an, ein eigenes Passwort festzulegen.');
    }
    lines.push(`Mitarbeiter-Anmeldung (für dieses Konto): ${staffLogin}`);
    lines.push(`Kunden melden sich unter ${address}/ an.`);
  } else {
    lines.push(`Mitarbeiter-Anmeldung: ${staffLogin} · Kunden-Lounge: ${address}/`);
  }
  if (mailTransportKind(env.SMTP_URL) === 'outbox') {
    lines.push(
      `Achtung: Kein Mailserver eingerichtet (SMTP_URL ist nicht gesetzt). E-Mails werden NICHT versendet, sondern nur als .eml-Dateien im Ordner ${path.join(env.DATA_DIR, 'outbox')} abgelegt.`,
    );
  } else {
    lines.push(`E-Mails werden über den Mailserver ${mailServer(env.SMTP_URL!)} versendet.`);
  }
  lines.push(`Links in E-Mails führen zu ${env.PUBLIC_URL} (PUBLIC_URL).`);
  if (isLocalPublicUrl(env.PUBLIC_URL)) {
    lines.push(
      'Achtung: Diese Adresse öffnet sich nur auf diesem Computer. Setzen Sie PUBLIC_URL auf die Adresse, unter der Kunden und Mitarbeiter das Portal erreichen (z. B. https://portal.ihre-firma.at).',
    );
  }
  return lines;
}
