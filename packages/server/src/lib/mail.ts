import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailAttachment = { filename: string; content: Buffer; contentType?: string };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  from?: string;
};
export type Mailer = { send(mail: Mail): Promise<{ messageId: string; file?: string }> };

/**
 * The transport, used only by the `mail.send` job (modules/mail): SMTP when SMTP_URL is set,
 * otherwise each mail becomes an .eml file in DATA_DIR/outbox.
 */
export function createMailer(smtpUrl: string | undefined, dataDir: string, defaultFrom: string): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: defaultFrom, ...mail });
        return { messageId: info.messageId };
      },
    };
  }
  const outbox = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: defaultFrom, ...mail });
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { messageId: info.messageId, file };
    },
  };
}
