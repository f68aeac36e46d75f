import fs from 'node:fs/promises';
import path from 'node:path';
import { outboxFilePattern } from '../src/lib/mail.js';
import type { TestContext } from './test-app.js';

/** Quoted-printable as nodemailer writes it (soft line breaks, =XX bytes), decoded as UTF-8. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The .eml file the outbox transport wrote for outbox row `mailId` (the last one when it was
 * sent more than once), as it is on disk, once the due jobs have run.
 */
export async function deliveredEml(ctx: TestContext, mailId: number): Promise<string> {
  await ctx.runJobs();
  const dir = path.join(ctx.dataDir, 'outbox');
  const pattern = outboxFilePattern(`mail-${mailId}`);
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => pattern.test(f)).sort();
  if (files.length === 0) throw new Error(`mail ${mailId} was not delivered`);
  return fs.readFile(path.join(dir, files[files.length - 1]), 'utf8');
}

/**
 * The mail as delivered, decoded: what the recipient reads. The outbox row itself never
 * holds a live link (decision 0502).
 */
export async function deliveredMail(ctx: TestContext, mailId: number): Promise<string> {
  return decodeQuotedPrintable(await deliveredEml(ctx, mailId));
}

/** The set-password token in the delivered mail of outbox row `mailId`. */
export async function deliveredLinkToken(ctx: TestContext, mailId: number): Promise<string> {
  const token = /\/passwort-festlegen#([A-Za-z0-9_-]{43})/.exec(await deliveredMail(ctx, mailId))?.[1];
  if (!token) throw new Error(`mail ${mailId} carries no set-password link`);
  return token;
}
