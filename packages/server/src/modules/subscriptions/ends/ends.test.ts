import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, buildSubscription, TEST_PASSWORD } from '../../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { admins, mailOutbox } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { setClock } from '../../../lib/clock.js';
import { SCHEDULED_JOBS } from '../../jobs/job-registry.js';
import { runSchedulerTick } from '../../jobs/scheduler.js';
import { mailEndingSubscriptions } from './ends.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.update(admins).set({ email: null });
  await buildAdmin(ctx.db, { username: 'mara', name: 'Mara Wolf', email: 'mara@meinbutler.at' });
});
afterAll(() => setClock(null));

describe('ButlerPaket ends', () => {
  it('staff hear 30 and 7 days before the end without a following ButlerPaket; the lounge shows a note for 30 days', async () => {
    const alone = await buildCustomer(ctx.db, { firstName: 'Olga' });
    const olgas = await buildSubscription(ctx.db, alone.id, {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      durationMonths: 12,
    });
    const renewed = await buildCustomer(ctx.db, { firstName: 'Rudi' });
    await buildSubscription(ctx.db, renewed.id, { startDate: '2026-01-01', endDate: '2026-12-31', durationMonths: 12 });
    await buildSubscription(ctx.db, renewed.id, { startDate: '2027-01-01', endDate: '2027-12-31', durationMonths: 12 });

    // The scheduler slot of 1 December, 07:30 Vienna (06:30 UTC): 30 days left.
    setClock(new Date('2026-12-01T06:30:30Z'));
    await runSchedulerTick(ctx.db, new Date('2026-12-01T06:30:30Z'), SCHEDULED_JOBS);
    await ctx.runJobs();
    // Every later day of December (as if the job ran each day, some twice).
    for (let day = '2026-12-02'; day <= '2026-12-31'; day = addDays(day, 1)) {
      await mailEndingSubscriptions(ctx.db, ctx.env, day);
      if (day === '2026-12-24') await mailEndingSubscriptions(ctx.db, ctx.env, day);
    }
    await ctx.runJobs();
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'subscription-ending'), like(mailOutbox.subject, '%Olga%')))
      .orderBy(mailOutbox.id);
    expect(mails.map((m) => [m.toAddress, m.subject, m.status])).toEqual([
      ['mara@meinbutler.at', expect.stringMatching(/^ButlerPaket von Olga .* endet am 31\.12\.2026$/), 'sent'],
      ['mara@meinbutler.at', expect.stringMatching(/^ButlerPaket von Olga .* endet am 31\.12\.2026$/), 'sent'],
    ]);
    expect(mails[0].textBody).toContain('endet in 30 Tagen');
    expect(mails[1].textBody).toContain('endet in 7 Tagen');
    // The button leads to the customer with the "Verlängern" dialog of exactly this ButlerPaket (decision 0327).
    expect(mails[0].htmlBody).toContain(`/admin/customer/${alone.id}/details?verlaengern=${olgas.id}`);
    expect(mails[0].htmlBody).toContain('>Verlängern<');
    const rudi = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'subscription-ending'), like(mailOutbox.subject, '%Rudi%')));
    expect(rudi).toHaveLength(0);

    const token = await ctx.login('customer', alone.email, TEST_PASSWORD);
    const lounge = async (day: string) => {
      setClock(day);
      return (await ctx.request({ method: 'GET', url: `/api/customers/${alone.id}/dashboard`, token })).json();
    };
    expect((await lounge('2026-11-30')).subscription_ending).toBeNull();
    expect((await lounge('2026-12-01')).subscription_ending).toEqual({ end_date: '2026-12-31', days_left: 30 });
    expect((await lounge('2026-12-31')).subscription_ending).toEqual({ end_date: '2026-12-31', days_left: 0 });
    const tokenRudi = await ctx.login('customer', renewed.email, TEST_PASSWORD);
    setClock('2026-12-20');
    const rudiLounge = await ctx.request({
      method: 'GET',
      url: `/api/customers/${renewed.id}/dashboard`,
      token: tokenRudi,
    });
    expect(rudiLounge.json().subscription_ending).toBeNull();
  });
});
