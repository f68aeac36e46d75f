import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer } from '../../../../test/factories.js';
import { issuedInvoice } from '../../../../test/ledger-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { admins, invoiceReminders, invoices, mailOutbox } from '../../../db/schema/index.js';
import { mailOverdueDigest } from './overdue-digest.js';

/** Staff get overdue invoices in their daily digest (decision 0586). */

let ctx: TestContext;
const SLOT = '2026-12-10';

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.update(admins).set({ email: null });
  await buildAdmin(ctx.db, { username: 'lena', name: 'Lena Berger', email: 'lena@meinbutler.at' });
});

const digests = () => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'overdue-digest'));

describe('overdue digest', () => {
  it('lists what is overdue since today, what was reminded today and expired 2. Mahnungen, once a day', async () => {
    // Nothing happened on this day yet: no mail.
    expect(await mailOverdueDigest(ctx.db, ctx.env, '2026-11-01')).toBe(0);

    const c = await buildCustomer(ctx.db);
    const due = await issuedInvoice(
      ctx.db,
      c.id,
      '120.00',
      { invoiceDate: '2026-11-25', dueDate: '2026-12-09' },
      'Anna Auer',
    );
    const reminded = await issuedInvoice(
      ctx.db,
      c.id,
      '80.00',
      { invoiceDate: '2026-10-01', dueDate: '2026-10-15' },
      'Bruno Bauer',
    );
    const final = await issuedInvoice(
      ctx.db,
      c.id,
      '50.00',
      { invoiceDate: '2026-08-01', dueDate: '2026-08-15' },
      'Carla Cerny',
    );
    const paid = await issuedInvoice(
      ctx.db,
      c.id,
      '70.00',
      { invoiceDate: '2026-11-25', dueDate: '2026-12-09' },
      'Paul Paid',
    );
    await ctx.db.update(invoices).set({ status: 'paid', paidAmount: '70.00' }).where(eq(invoices.id, paid.id));
    await ctx.db.update(invoices).set({ reminderLevel: 1 }).where(eq(invoices.id, reminded.id));
    await ctx.db.update(invoices).set({ reminderLevel: 3 }).where(eq(invoices.id, final.id));
    await ctx.db.insert(invoiceReminders).values([
      { invoiceId: reminded.id, level: 1, letterDate: SLOT, payBy: '2026-12-17', createdBy: 'Mahnlauf' },
      { invoiceId: final.id, level: 3, letterDate: '2026-12-02', payBy: '2026-12-09', createdBy: 'Mahnlauf' },
    ]);

    expect(await mailOverdueDigest(ctx.db, ctx.env, SLOT)).toBe(1);
    expect(await mailOverdueDigest(ctx.db, ctx.env, SLOT)).toBe(0);
    const [mail] = await digests();
    expect(mail.toAddress).toBe('lena@meinbutler.at');
    expect(mail.subject).toBe('Überfällige Rechnungen (10.12.2026)');
    // Amounts are written with a no-break space after the euro sign.
    const text = mail.textBody.replace(/\u00a0/g, ' ');
    expect(text).toContain('Insgesamt überfällig: 3 Rechnungen, zusammen € 250,00.');
    expect(text).toContain(
      `Seit heute überfällig:\n- ${due.invoiceNumber} Anna Auer: offen € 120,00 (fällig am 09.12.2026)`,
    );
    expect(text).toContain(
      `Heute gemahnt:\n- ${reminded.invoiceNumber} Bruno Bauer: offen € 80,00 (Zahlungserinnerung)`,
    );
    expect(text).toContain(
      `Frist der 2. Mahnung abgelaufen:\n- ${final.invoiceNumber} Carla Cerny: offen € 50,00 (2. Mahnung vom 02.12.2026)`,
    );
    expect(text).not.toContain('Paul Paid');
    expect(mail.htmlBody).toContain('/admin/quickbill/offene-posten');
  });
});
