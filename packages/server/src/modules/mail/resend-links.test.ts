import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveredLinkToken } from '../../../test/delivered-mail.js';
import { buildAdmin, buildCustomer } from '../../../test/factories.js';
import { reminderMailData } from '../../../test/mail-data.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { admins, auditLog, customers, mailOutbox } from '../../db/schema/index.js';
import { queueMail } from './mail-queue.js';

/**
 * Decision 0702: "Erneut senden" of a mail with a set-password link. Before, it made a fresh
 * working link for the address stored in the mail, also after the account's address was
 * corrected: whoever held the old mailbox only had to ask the office to send it again, set
 * a password and was signed in. A link goes only to the account's current address, while the
 * account may use it; otherwise the refusal says why, in the list too, and nothing is sent.
 */
let ctx: TestContext;
let owner: StaffMember;
let office: StaffMember;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.at' });
  owner = await staffMember(ctx, 'owner');
  office = await staffMember(ctx, 'office');
});

const ADDRESS_CHANGED = /^Die E-Mail-Adresse des (Kunden|Mitarbeiter)kontos wurde inzwischen geändert; /;

/** The newest mail to `to` of `template`. */
async function mailTo(to: string, template: string) {
  const [row] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}
const resend = (id: number, member = office) => as(ctx, member.token).post(`/api/mail/outbox/${id}/resend`);
const mailCount = async () => Number((await ctx.db.execute(sql`SELECT count(*)::int AS n FROM mail_outbox`)).rows[0].n);
const listed = async (id: number) => {
  const list = await as(ctx, office.token).get('/api/mail/outbox?page_size=100');
  return (list.json() as Array<{ id: number; resend_refusal: string | null }>).find((m) => m.id === id);
};

/** A customer invited at `email` (through the API), the invitation delivered. */
async function invitedCustomer(email: string) {
  const res = await as(ctx, owner.token).post('/api/customers', {
    first_name: 'Resi',
    last_name: 'Resend',
    email,
    send_invitation: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await mailTo(email, 'account-invitation');
  await deliveredLinkToken(ctx, mail.id);
  return { id: res.json().id as number, mail };
}

describe('a customer invitation sent again', () => {
  it('after the address was corrected: refused with the reason, in the list too; nothing is sent', async () => {
    const { id, mail } = await invitedCustomer('resi.alt@example.org');
    await ctx.db.update(customers).set({ email: 'resi.neu@example.org' }).where(eq(customers.id, id));
    const before = await mailCount();
    const res = await resend(mail.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(ADDRESS_CHANGED);
    expect(res.json().error).toContain('neue Einladung');
    expect(await mailCount()).toBe(before);
    expect((await listed(mail.id))?.resend_refusal).toMatch(ADDRESS_CHANGED);
  });

  it('to the current address of an account still without password: sent, the audit row names the recipient', async () => {
    const { mail } = await invitedCustomer('resi.richtig@example.org');
    expect((await listed(mail.id))?.resend_refusal).toBeNull();
    const res = await resend(mail.id);
    expect(res.statusCode, res.body).toBe(200);
    const token = await deliveredLinkToken(ctx, res.json().id);
    const info = await ctx.request({ method: 'POST', url: '/api/auth/password-link/info', payload: { token } });
    expect(info.json()).toMatchObject({ kind: 'invitation', login: 'resi.richtig@example.org' });
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'resend'), eq(auditLog.entityId, String(mail.id))));
    expect(row.changes).toMatchObject({ to: { after: 'resi.richtig@example.org' }, copy: { after: res.json().id } });
    const shown = await as(ctx, owner.token).get(`/api/audit?entity=mail&page_size=100`);
    const entry = shown.json().items.find((e: { entity_id: string }) => e.entity_id === String(mail.id));
    expect(entry.changes).toContainEqual(
      expect.objectContaining({ label: 'Empfänger', after: 'resi.richtig@example.org' }),
    );
  });

  it('once the customer has set a password: refused (an invitation is for a first password)', async () => {
    const { id, mail } = await invitedCustomer('resi.fertig@example.org');
    await ctx.db.update(customers).set({ passwordHash: 'x' }).where(eq(customers.id, id));
    const res = await resend(mail.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^Das Kundenkonto hat bereits ein Passwort/);
  });
});

describe('a reset mail sent again', () => {
  it('of a deactivated customer: refused; of an active one at the current address: sent', async () => {
    const customer = await buildCustomer(ctx.db, { email: 'reset.kunde@example.org' });
    expect((await as(ctx, owner.token).post(`/api/customers/${customer.id}/password-link`)).statusCode).toBe(200);
    const mail = await mailTo('reset.kunde@example.org', 'password-reset');
    await deliveredLinkToken(ctx, mail.id);
    expect((await resend(mail.id)).statusCode).toBe(200);
    await ctx.db.update(customers).set({ isActive: false }).where(eq(customers.id, customer.id));
    const refused = await resend(mail.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Das Kundenkonto ist deaktiviert; ein Link zum Passwort wird nicht gesendet.');
  });

  it('of a staff member whose address changed: refused with the reason', async () => {
    const colleague = await buildAdmin(ctx.db, { email: 'kollegin.alt@example.at', name: 'Kollegin' });
    expect((await as(ctx, owner.token).post(`/api/staff/${colleague.id}/password-link`)).statusCode).toBe(200);
    const mail = await mailTo('kollegin.alt@example.at', 'password-reset');
    await deliveredLinkToken(ctx, mail.id);
    await ctx.db.update(admins).set({ email: 'kollegin.neu@example.at' }).where(eq(admins.id, colleague.id));
    const res = await resend(mail.id, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(ADDRESS_CHANGED);
    expect(res.json().error).toContain('Zurücksetzen des Passworts');
  });
});

describe('a staff invitation', () => {
  it('sent again after the address changed: refused; waiting in the queue meanwhile: given up unsent', async () => {
    const invite = await as(ctx, owner.token).post('/api/staff', {
      name: 'Neue Kraft',
      username: `neu-${Date.now()}`,
      email: 'neue.kraft@example.at',
      role: 'office',
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const mail = await mailTo('neue.kraft@example.at', 'account-invitation');
    // Corrected before the queue delivered it: the waiting mail must not carry a link either.
    await ctx.db.update(admins).set({ email: 'neue.kraft@example.com' }).where(eq(admins.id, invite.json().id));
    await ctx.runJobs();
    const [after] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(after.status).toBe('failed');
    expect(after.lastError).toMatch(ADDRESS_CHANGED);
    const tokens = await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM account_tokens WHERE admin_id = ${invite.json().id} AND used_at IS NULL`,
    );
    expect(Number(tokens.rows[0].n)).toBe(0);
    const res = await resend(mail.id, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(ADDRESS_CHANGED);
  });
});

describe('mails without a link', () => {
  it('are sent again as before, with no refusal in the list', async () => {
    const queued = await queueMail(ctx.db, {
      to: 'maria@example.at',
      template: 'invoice-reminder',
      data: reminderMailData('2026-0001', 'Huber & Söhne'),
    });
    await ctx.runJobs();
    expect((await listed(queued!.id))?.resend_refusal).toBeNull();
    const res = await resend(queued!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ copied: true });
  });
});
