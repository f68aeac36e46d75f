import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer } from '../../../test/factories.js';
import { configureProvider, createDraft, sendInvoice } from '../../../test/quickbill-helpers.js';
import { startSmtpTestServer } from '../../../test/smtp-test-server.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { mailOutbox } from '../../db/schema/index.js';
import { isLocalPublicUrl } from '../../lib/mail.js';

// Without SMTP_URL nothing leaves the machine: the Postausgang and the invoice must say so,
// and staff screens learn how mail goes and which address links carry (decision 0755).

let local: TestContext;
let owner: StaffMember;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let served: TestContext;
let servedOwner: StaffMember;

beforeAll(async () => {
  local = await createTestContext();
  owner = await staffMember(local, 'owner', 'Lisa Berger');
  smtp = await startSmtpTestServer();
  served = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.at' });
  servedOwner = await staffMember(served, 'owner', 'Lisa Berger');
});
afterAll(async () => smtp?.close());

async function sentInvoice(ctx: TestContext, token: string) {
  await configureProvider(ctx, token);
  const customer = await buildCustomer(ctx.db, { street: 'Herrengasse 3', postalCode: '8010', city: 'Graz' });
  const draft = await createDraft(ctx, token, customer.id);
  await sendInvoice(ctx, token, draft.id);
  await ctx.runJobs();
  return (await as(ctx, token).get(`/api/quickbill/invoices/${draft.id}`)).json();
}

describe('without a mail server', () => {
  it('tells staff that mail only goes to the outbox folder and that links point to this computer', async () => {
    const res = await as(local, owner.token).get('/api/mail/setup');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      transport: 'outbox',
      outbox_folder: `${local.dataDir}/outbox`,
      public_url: 'http://localhost:3000',
      public_url_local: true,
    });
    const butler = await staffMember(local, 'butler');
    expect((await as(local, butler.token).get('/api/mail/setup')).statusCode).toBe(200);
    expect((await local.request({ method: 'GET', url: '/api/mail/setup' })).statusCode).toBe(401);
  });

  it('records an invoice mail as filed in the outbox folder, not as delivered', async () => {
    const invoice = await sentInvoice(local, owner.token);
    expect(invoice.mail).toMatchObject({ status: 'sent', delivered_via: 'outbox' });
    const list = (await as(local, owner.token).get('/api/mail/outbox')).json();
    const row = list.find((m: { id: number }) => m.id === invoice.mail.id);
    expect(row).toMatchObject({ status: 'sent', delivered_via: 'outbox' });
    expect((await as(local, owner.token).get(`/api/mail/outbox/${row.id}`)).json().delivered_via).toBe('outbox');
  });

  it('shows a mail sent before the way was recorded as going the way the portal sends now', async () => {
    const [legacy] = await local.db
      .insert(mailOutbox)
      .values({
        template: 'invoice',
        toAddress: 'alt@example.at',
        fromAddress: 'portal@localhost',
        subject: 'Alte Rechnung',
        textBody: 'x',
        htmlBody: 'x',
        status: 'sent',
        sentAt: new Date(),
      })
      .returning();
    const detail = (await as(local, owner.token).get(`/api/mail/outbox/${legacy.id}`)).json();
    expect(detail.delivered_via).toBe('outbox');
    const [queued] = await local.db
      .insert(mailOutbox)
      .values({ ...legacy, id: undefined, status: 'queued', sentAt: null, dedupeKey: null })
      .returning();
    expect((await as(local, owner.token).get(`/api/mail/outbox/${queued.id}`)).json().delivered_via).toBeNull();
  });
});

describe('with a mail server', () => {
  it('names SMTP as the way and the public address; mails read as delivered', async () => {
    expect((await as(served, servedOwner.token).get('/api/mail/setup')).json()).toEqual({
      transport: 'smtp',
      outbox_folder: null,
      public_url: 'https://portal.example.at',
      public_url_local: false,
    });
    const invoice = await sentInvoice(served, servedOwner.token);
    expect(invoice.mail).toMatchObject({ status: 'sent', delivered_via: 'smtp' });
    const [row] = await served.db.select().from(mailOutbox).where(eq(mailOutbox.id, invoice.mail.id));
    expect(row.deliveredVia).toBe('smtp');
    expect(smtp.received.length).toBeGreaterThan(0);
  });
});

describe('isLocalPublicUrl', () => {
  it('knows the addresses that open only on the portal’s own computer', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://app.localhost'])
      expect(isLocalPublicUrl(url), url).toBe(true);
    for (const url of ['https://portal.example.at', 'http://192.168.1.20:3000', 'http://10.0.0.5', 'kein url'])
      expect(isLocalPublicUrl(url), url).toBe(false);
  });
});
