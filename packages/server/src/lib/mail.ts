import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailAttachment = {
  filename: string;
  content: Buffer;
  contentType?: string;
  /** An image the HTML shows as `cid:<cid>`: sent inline beside the HTML (multipart/related). */
  cid?: string;
  contentDisposition?: 'inline' | 'attachment';
};
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  from?: string;
};
/** Where mails go: the mail server of SMTP_URL, or only the outbox folder DATA_DIR/outbox (decision 0755). */
export type MailTransportKind = 'smtp' | 'outbox';
export const mailTransportKind = (smtpUrl: string | undefined): MailTransportKind => (smtpUrl ? 'smtp' : 'outbox');

/** `name` goes into the outbox file's name (`…-mail-42-….eml`), so a mail's files can be found again. */
export type Mailer = { send(mail: Mail, options?: { name?: string }): Promise<{ messageId: string; file?: string }> };

/** Outbox files of a mail sent with `name` (erasure removes them with the mail, decision 0503). */
export const outboxFilePattern = (name: string) => new RegExp(`-${name}-[0-9a-f-]{36}\\.eml$`);

/**
 * Removes the outbox files (DATA_DIR/outbox) of these mails: by the mail id in the name, and
 * for files of earlier versions, which carry none, by their Message-ID header. Answers how
 * many files went.
 */
export async function removeOutboxFiles(dataDir: string, mails: Array<{ id: number; messageId: string | null }>) {
  if (mails.length === 0) return 0;
  const dir = path.join(dataDir, 'outbox');
  const ids = new Set(mails.map((m) => m.id));
  const messageIds = new Set(mails.flatMap((m) => (m.messageId ? [m.messageId] : [])));
  let removed = 0;
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.eml')) continue;
    const named = /-mail-(\d+)-[0-9a-f-]{36}\.eml$/.exec(name);
    let hit = named !== null && ids.has(Number(named[1]));
    if (!named && messageIds.size > 0) {
      const handle = await fs.open(path.join(dir, name), 'r').catch(() => null);
      if (!handle) continue;
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(8192), 0, 8192, 0).finally(() => handle.close());
      const header = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(buffer.subarray(0, bytesRead).toString('utf8'))?.[1];
      hit = header !== undefined && messageIds.has(header);
    }
    if (hit) {
      await fs.rm(path.join(dir, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

type MkdirFn = (dir: string, options: { recursive: true; mode: number }) => Promise<unknown>;

/**
 * Creates `dir` (and its parents) unless it is there, safe when several jobs, workers or
 * processes do it at the same moment: an EEXIST from a racing creator counts as success
 * when the path is a directory (a file in its place still fails).
 */
export async function ensureDirectory(dir: string, mkdir: MkdirFn = fs.mkdir): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const stat = await fs.stat(dir);
    if (!stat.isDirectory()) throw error;
  }
}

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
  // One creation per mailer; a failed one is tried again by the next mail.
  let ready: Promise<void> | null = null;
  const outboxReady = () => {
    ready ??= ensureDirectory(outbox).catch((error) => {
      ready = null;
      throw error;
    });
    return ready;
  };
  return {
    async send(mail, options = {}) {
      const info = await transport.sendMail({ from: defaultFrom, ...mail });
      await outboxReady();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = options.name ? `${options.name}-` : '';
      const file = path.join(outbox, `${stamp}-${name}${randomUUID()}.eml`);
      // Written under a hidden name and renamed: whoever reads the outbox (an operator's mail
      // program, erasure, a test) sees a whole mail or none. 'wx': never overwrite a file.
      const partial = path.join(outbox, `.${path.basename(file)}.part`);
      await fs.writeFile(partial, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      await fs.rename(partial, file);
      return { messageId: info.messageId, file };
    },
  };
}

/**
 * True when PUBLIC_URL names this computer (localhost, 127.0.0.0/8, ::1): links in mails
 * then open only on the portal's own machine (decision 0755).
 */
export function isLocalPublicUrl(publicUrl: string): boolean {
  let host: string;
  try {
    host = new URL(publicUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
