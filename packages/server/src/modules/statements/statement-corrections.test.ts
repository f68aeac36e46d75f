import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildProject,
  buildSubscription,
  buildTimeEntry,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import { pdfText } from '../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { customers, mailOutbox, statementDocuments, timeEntries } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';
import { correctStatements, sendMonthlyStatements } from './statements.service.js';

/** A sent Monatsübersicht stays as sent; a later change makes a marked correction (decision 0771). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => setClock(null));

async function customerWithMarch(firstName: string) {
  const c = await buildCustomer(ctx.db, { firstName, street: 'Hauptstraße 5', postalCode: '1010', city: 'Wien' });
  const p = await buildProject(ctx.db, c.id, { name: 'Haushalt' });
  await buildSubscription(ctx.db, c.id, { startDate: '2026-03-01', endDate: '2027-02-28', monthlyHours: '10' });
  await buildTimeEntry(ctx.db, c.id, p.id, { workDate: '2026-03-10', hours: '3', activityDescription: 'Einkauf' });
  const token = await ctx.login('customer', c.email, TEST_PASSWORD);
  return { c, p, token };
}

const get = (url: string, token: string) => ctx.request({ method: 'GET', url, token });
const statementMails = (customerId: number) =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.customerId, customerId), eq(mailOutbox.template, 'statement')))
    .orderBy(mailOutbox.id);

describe('Monatsübersicht after it was sent', () => {
  it('stays as sent when a late booking changes the month; the next morning a marked correction says what changed', async () => {
    setClock('2026-04-01T08:00:00+02:00');
    const { c, p, token } = await customerWithMarch('Renate');
    await sendMonthlyStatements(ctx.db, ctx.env, '2026-04');
    await ctx.runJobs();
    const sent = (await get(`/api/customers/${c.id}/statements/2026-03/pdf`, token)).rawPayload;
    expect(await pdfText(sent)).toContain('Verfügbar am Monatsende');

    // The office books 31.03. on the 1st, after the mail went out.
    await buildTimeEntry(ctx.db, c.id, p.id, {
      workDate: '2026-03-31',
      hours: '2',
      activityDescription: 'Spät gebucht',
    });
    const stillSent = await get(`/api/customers/${c.id}/statements/2026-03/pdf`, token);
    expect(Buffer.compare(stillSent.rawPayload, sent)).toBe(0);

    setClock('2026-04-02T05:30:00+02:00');
    expect(await correctStatements(ctx.db, ctx.env, '2026-04-02')).toBe(1);
    const [march] = (await get(`/api/customers/${c.id}/statements`, token)).json();
    expect(march.month).toBe('2026-03');
    expect(march.versions.map((v: { kind: string; issued_on: string }) => [v.kind, v.issued_on])).toEqual([
      ['original', '2026-04-01'],
      ['correction', '2026-04-02'],
    ]);
    expect(march.versions[1].changes).toEqual([
      'Nachgetragen (ButlerPaket): 31.03.2026 · Haushalt · Spät gebucht · 2,00 h',
      'ButlerPaket, Genutzt: 3,00 h → 5,00 h',
      'ButlerPaket, Rest dieses Monats: 7,00 h → 5,00 h',
      'ButlerPaket, Verfügbar am Monatsende: 7,00 h → 5,00 h',
    ]);

    // The statement in force is the correction; the sent one stays downloadable, byte for byte.
    const corrected = await pdfText((await get(`/api/customers/${c.id}/statements/2026-03/pdf`, token)).rawPayload);
    expect(corrected).toContain('Korrektur vom 02.04.2026');
    expect(corrected).toContain('ersetzt die Monatsübersicht vom 01.04.2026');
    expect(corrected).toContain('Spät gebucht');
    const original = await get(`/api/customers/${c.id}/statements/2026-03/versions/0/pdf`, token);
    expect(Buffer.compare(original.rawPayload, sent)).toBe(0);
    const missing = await get(`/api/customers/${c.id}/statements/2026-03/versions/7/pdf`, token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Diese Fassung der Monatsübersicht gibt es nicht');

    // The customer gets statements by mail, so the correction is mailed too, with the correction attached.
    await ctx.runJobs();
    const mails = await statementMails(c.id);
    expect(mails.map((m) => m.subject)).toEqual([
      'Deine Monatsübersicht März 2026',
      'Korrektur deiner Monatsübersicht März 2026',
    ]);
    expect(mails[1].attachments).toEqual([
      expect.objectContaining({ filename: 'Monatsuebersicht-2026-03-Korrektur-1.pdf' }),
    ]);
    expect(mails[1].status).toBe('sent');

    // Nothing changed since: no second correction, also not on a later day.
    expect(await correctStatements(ctx.db, ctx.env, '2026-04-03')).toBe(0);
    expect(await ctx.db.select().from(statementDocuments).where(eq(statementDocuments.customerId, c.id))).toHaveLength(
      2,
    );
  });

  it('makes no correction for a change outside the month, and mails none to a customer who switched the mails off', async () => {
    setClock('2026-04-01T08:00:00+02:00');
    const { c, p, token } = await customerWithMarch('Otto');
    await ctx.db.update(customers).set({ statementMails: false }).where(eq(customers.id, c.id));
    await sendMonthlyStatements(ctx.db, ctx.env, '2026-04');
    await buildTimeEntry(ctx.db, c.id, p.id, { workDate: '2026-04-01', hours: '1' });
    expect(await correctStatements(ctx.db, ctx.env, '2026-04-02')).toBe(0);

    // A March entry corrected from 3 h to 2,5 h: a correction, kept for the lounge only.
    await ctx.db
      .update(timeEntries)
      .set({ hours: '2.5' })
      .where(and(eq(timeEntries.customerId, c.id), eq(timeEntries.workDate, '2026-03-10')));
    await ctx.db.update(customers).set({ phone: '+43 1 234' }).where(eq(customers.id, c.id));
    expect(await correctStatements(ctx.db, ctx.env, '2026-04-03')).toBe(1);
    const [march] = (await get(`/api/customers/${c.id}/statements`, token))
      .json()
      .filter((m: { month: string }) => m.month === '2026-03');
    expect(march.versions[1].changes[0]).toBe(
      'Geändert (ButlerPaket): 10.03.2026 · Haushalt · Einkauf · 2,50 h (3,00 h → 2,50 h)',
    );
    const [row] = await ctx.db
      .select({ delivery: statementDocuments.delivery })
      .from(statementDocuments)
      .where(and(eq(statementDocuments.customerId, c.id), eq(statementDocuments.version, 1)));
    expect(row.delivery).toBe('Monatsübersicht per E-Mail abbestellt');
    expect(await statementMails(c.id)).toEqual([]);
  });
});
