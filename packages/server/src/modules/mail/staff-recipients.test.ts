import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer } from '../../../test/factories.js';
import { issuedInvoice } from '../../../test/ledger-helpers.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { admins, mailOutbox, providerSettings } from '../../db/schema/index.js';
import { mailOverdueDigest } from '../quickbill/reminders/overdue-digest.js';
import { staffRecipients } from './staff-recipients.js';

/**
 * Staff digests list every customer, with amounts: they go to the roles that may read them
 * and see every customer, never to a Butler (who sees only their customers and no prices).
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.update(admins).set({ email: null });
  await buildAdmin(ctx.db, { username: 'inhaberin', name: 'Ines Inhaber', role: 'owner', email: 'ines@meinbutler.at' });
  await buildAdmin(ctx.db, { username: 'buero', name: 'Bernd Büro', role: 'office', email: 'bernd@meinbutler.at' });
  await buildAdmin(ctx.db, {
    username: 'buchhaltung',
    name: 'Berta Buch',
    role: 'accounting',
    email: 'berta@meinbutler.at',
  });
  await buildAdmin(ctx.db, {
    username: 'butler',
    name: 'Stefan Wimmer',
    role: 'butler',
    email: 'stefan@meinbutler.at',
  });
  await buildAdmin(ctx.db, {
    username: 'ehemalig',
    name: 'Eva Ehemalig',
    role: 'owner',
    email: 'eva@meinbutler.at',
    isActive: false,
  });
});

const names = async (permission: Parameters<typeof staffRecipients>[1]) =>
  (await staffRecipients(ctx.db, permission)).map((r) => r.name);

describe('staff digest recipients', () => {
  it('are the active staff whose role reads the digest and sees every customer; never a Butler', async () => {
    expect(await names('invoices.read')).toEqual(['Ines Inhaber', 'Bernd Büro', 'Berta Buch']);
    expect(await names('direct_debit.read')).toEqual(['Ines Inhaber', 'Bernd Büro', 'Berta Buch']);
    expect(await names('subscriptions.read')).toEqual(['Ines Inhaber', 'Bernd Büro', 'Berta Buch']);
    // The low-balance digest is the dashboard's "Knappes Guthaben": not the Buchhaltung's, and a
    // Butler has the dashboard only for the customers they look after.
    expect(await names('dashboard.read')).toEqual(['Ines Inhaber', 'Bernd Büro']);
  });

  it('fall back to the provider’s contact address when no such staff member has an address', async () => {
    await ctx.db.update(admins).set({ email: null }).where(eq(admins.role, 'owner'));
    await ctx.db.update(admins).set({ email: null }).where(eq(admins.role, 'office'));
    await ctx.db.insert(providerSettings).values({ id: 1 }).onConflictDoNothing();
    await ctx.db.update(providerSettings).set({ contactEmail: 'office@meinbutler.at' });
    expect(await staffRecipients(ctx.db, 'dashboard.read')).toEqual([{ name: 'Team', email: 'office@meinbutler.at' }]);
    expect(await names('invoices.read')).toEqual(['Berta Buch']);
  });

  it('keep the overdue invoices and their amounts out of a Butler’s mailbox', async () => {
    const customer = await buildCustomer(ctx.db);
    await issuedInvoice(
      ctx.db,
      customer.id,
      '120.00',
      { invoiceDate: '2026-11-25', dueDate: '2026-12-09' },
      'Anna Auer',
    );
    expect(await mailOverdueDigest(ctx.db, ctx.env, '2026-12-10')).toBe(1);
    const sent = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'overdue-digest'));
    expect(sent.map((m) => m.toAddress)).toEqual(['berta@meinbutler.at']);
  });
});
