import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveredEml } from '../../../../test/delivered-mail.js';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../../test/factories.js';
import { skipBackoff } from '../../../../test/job-helpers.js';
import { reminderMailData } from '../../../../test/mail-data.js';
import { configureProvider, createDraft, sendInvoice } from '../../../../test/quickbill-helpers.js';
import { startSmtpTestServer } from '../../../../test/smtp-test-server.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { multipart } from '../../../../test/wiki-helpers.js';
import { mailOutbox, providerSettings } from '../../../db/schema/index.js';
import { putBlob } from '../../../lib/blob-store.js';
import { queueMail } from '../mail-queue.js';
import { LOGO_CID, LOGO_SLOT, type MailLogo, withMailLogo } from './mail-logo.js';

/** A logo of width × height in one colour, its left tenth transparent. */
function logoPng(width: number, height: number, rgb: [number, number, number]) {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set(i % width < width / 10 ? [0, 0, 0, 0] : [...rgb, 255], i * 4);
  return PNG.sync.write(png);
}

const reminder = (number: string) => reminderMailData(number, 'Huber & Söhne');

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login('admin', (await buildAdmin(ctx.db)).username, TEST_PASSWORD);
  await configureProvider(ctx, token, { company_name: 'Huber & Söhne' });
});

async function uploadLogo(context: TestContext, adminToken: string, image: Buffer | null) {
  const res = image
    ? await context.request({
        method: 'POST',
        url: '/api/quickbill/settings/logo',
        token: adminToken,
        ...multipart([{ field: 'file', filename: 'logo.png', content: image, contentType: 'image/png' }]),
      })
    : await context.request({ method: 'DELETE', url: '/api/quickbill/settings/logo', token: adminToken });
  expect(res.statusCode, res.body).toBe(200);
}

async function queueReminder(context: TestContext, number: string) {
  const queued = await queueMail(context.db, {
    to: 'maria@example.at',
    template: 'invoice-reminder',
    data: reminder(number),
  });
  return queued!.id;
}

const parse = (raw: string) => PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
const logoParts = (mail: Email) => mail.attachments.filter((a) => a.contentId === `<${LOGO_CID}>`);
const storedRow = async (context: TestContext, id: number) =>
  (await context.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

describe('the owner’s logo in mails (decision 0665)', () => {
  it('is not there without a logo: no image part, no cid, no slot left in the HTML', async () => {
    const id = await queueReminder(ctx, 'L-NONE');
    const mail = await parse(await deliveredEml(ctx, id));
    expect(mail.attachments).toEqual([]);
    expect(mail.html).not.toContain('cid:');
    expect(mail.html).not.toContain(LOGO_SLOT);
    expect(mail.html).toContain('Huber &amp; Söhne</td>');
    expect(mail.text?.trimEnd()).toBe((await storedRow(ctx, id)).textBody.trimEnd());
  });

  it('is an inline image part the HTML header shows by its Content-ID, scaled; the text part unchanged', async () => {
    await uploadLogo(ctx, token, logoPng(1600, 400, [240, 200, 80]));
    const id = await queueReminder(ctx, 'L-LOGO');
    const raw = await deliveredEml(ctx, id);
    const mail = await parse(raw);
    const [part] = logoParts(mail);
    expect(mail.attachments).toHaveLength(1);
    expect(part).toMatchObject({ mimeType: 'image/png', disposition: 'inline', related: true, filename: 'logo.png' });
    const image = PNG.sync.read(Buffer.from(part.content as ArrayBuffer));
    expect([image.width, image.height]).toEqual([480, 120]);
    expect(raw).toMatch(/Content-Type: multipart\/related/);
    expect((part.content as ArrayBuffer).byteLength).toBeLessThan(5_000);
    expect(raw.length).toBeLessThan(20_000);
    // The header draws it at 160 × 40 with the company name as its alt text, above the name.
    expect(mail.html).toContain(`<img src="cid:${LOGO_CID}" alt="Huber &amp; Söhne" width="160" height="40"`);
    expect(mail.html).toMatch(/<img src="cid:[^>]+>Huber &amp; Söhne<\/td>/);
    const row = await storedRow(ctx, id);
    expect(mail.text?.trimEnd()).toBe(row.textBody.trimEnd());
    expect(mail.text).not.toContain('logo');
    // The outbox row stays as small as before: the slot, never the image.
    expect(row.htmlBody).toContain(LOGO_SLOT);
    expect(row.htmlBody).not.toContain('cid:');
    expect(row.htmlBody.length).toBeLessThan(8_000);
  });

  it('shows in the Postausgang’s preview as the image a delivery carries, never in the stored row', async () => {
    const id = await queueReminder(ctx, 'L-PREVIEW');
    const detail = async () => {
      const res = await ctx.request({ method: 'GET', url: `/api/mail/outbox/${id}`, token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().html as string;
    };
    const src = /<img src="data:image\/png;base64,([^"]+)" alt="Huber &amp; Söhne" width="160" height="40"/.exec(
      await detail(),
    )?.[1];
    const image = PNG.sync.read(Buffer.from(src ?? '', 'base64'));
    expect([image.width, image.height]).toEqual([480, 120]);
    expect((await storedRow(ctx, id)).htmlBody).toContain(LOGO_SLOT);
    await uploadLogo(ctx, token, null);
    const without = await detail();
    expect(without).not.toContain('<img');
    expect(without).not.toContain(LOGO_SLOT);
    await uploadLogo(ctx, token, logoPng(1600, 400, [240, 200, 80]));
  });

  it('rides with an invoice beside its PDF, which stays an ordinary attachment', async () => {
    const customer = await buildCustomer(ctx.db, {
      email: 'rechnung-logo@example.at',
      street: 'Herrengasse 3',
      postalCode: '8010',
      city: 'Graz',
    });
    const draft = await createDraft(ctx, token, customer.id);
    const sent = await sendInvoice(ctx, token, draft.id);
    const mail = await parse(await deliveredEml(ctx, sent.mail_id!));
    expect(logoParts(mail)).toHaveLength(1);
    const pdf = mail.attachments.find((a) => a.mimeType === 'application/pdf');
    expect(pdf).toMatchObject({ disposition: 'attachment' });
    expect(pdf?.filename).toContain(sent.invoice_number);
    expect(pdf?.contentId).toBeUndefined();
    expect(mail.html).toContain(`src="cid:${LOGO_CID}"`);
  });

  it('goes away with the logo: the next mail has no image part', async () => {
    await uploadLogo(ctx, token, null);
    const mail = await parse(await deliveredEml(ctx, await queueReminder(ctx, 'L-REMOVED')));
    expect(mail.attachments).toEqual([]);
    expect(mail.html).not.toContain('cid:');
  });

  it('is left out, and the mail still delivered, when the stored logo cannot be decoded', async () => {
    await ctx.db.transaction(async (tx) => {
      const blob = await putBlob(tx, Buffer.from('\x89PNG kaputt'), { kind: 'logo' });
      await tx.update(providerSettings).set({ logoBlobId: blob.id }).where(eq(providerSettings.id, 1));
    });
    const id = await queueReminder(ctx, 'L-BROKEN');
    const mail = await parse(await deliveredEml(ctx, id));
    expect(mail.attachments).toEqual([]);
    expect(mail.html).not.toContain(LOGO_SLOT);
    expect((await storedRow(ctx, id)).status).toBe('sent');
    await uploadLogo(ctx, token, null);
  });
});

describe('over real SMTP, retried later', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  let smtpCtx: TestContext;
  let smtpToken: string;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    smtpCtx = await createTestContext({ SMTP_URL: smtp.url });
    smtpToken = await smtpCtx.login('admin', (await buildAdmin(smtpCtx.db)).username, TEST_PASSWORD);
    await configureProvider(smtpCtx, smtpToken, { company_name: 'Huber & Söhne' });
  });
  afterAll(async () => smtp?.close());

  it('carries the logo as it is when the mail is finally delivered', async () => {
    await uploadLogo(smtpCtx, smtpToken, logoPng(400, 400, [200, 60, 60]));
    smtp.failNext(1);
    const id = await queueReminder(smtpCtx, 'L-RETRY');
    await smtpCtx.runJobs();
    expect(await storedRow(smtpCtx, id)).toMatchObject({ status: 'queued', attempts: 1 });
    // The owner replaces the logo while the mail waits for its retry.
    await uploadLogo(smtpCtx, smtpToken, logoPng(900, 300, [60, 200, 60]));
    await skipBackoff(smtpCtx.db, `mail:${id}`);
    await smtpCtx.runJobs();
    const received = smtp.received.filter((m) => m.raw.includes('L-RETRY'));
    expect(received).toHaveLength(1);
    const mail = await parse(received[0].raw);
    const [part] = logoParts(mail);
    const image = PNG.sync.read(Buffer.from(part.content as ArrayBuffer));
    expect([image.width, image.height]).toEqual([360, 120]);
    expect([...image.data.subarray(4 * 180, 4 * 180 + 4)]).toEqual([60, 200, 60, 255]);
    expect(mail.html).toContain(`<img src="cid:${LOGO_CID}" alt="Huber &amp; Söhne" width="120" height="40"`);
  });
});

describe('the logo’s alternative text', () => {
  it("is the company name as written, also with $' or $& in it (decision 0703)", () => {
    const logo = { content: Buffer.from('x'), contentType: 'image/png', drawnWidth: 40, drawnHeight: 40 } as MailLogo;
    const html = `<p>vorher</p>${LOGO_SLOT}<p>nachher</p>`;
    const out = withMailLogo(html, { logo, name: "Ca$h $' $& Service" }).html;
    expect(out).toContain('alt="Ca$h $&#39; $&amp; Service"');
    expect(out.match(/vorher/g)).toHaveLength(1);
    expect(out.match(/nachher/g)).toHaveLength(1);
  });
});
