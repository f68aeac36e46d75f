import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import { buildCustomer, buildProject, buildSubscription } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { setClock } from '../../lib/clock.js';
import { pdfText } from '../quickbill/test/helpers.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});
afterAll(() => setClock(null));

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.request({ method, url, payload: payload as any, token: actors.tokens.admin });

/**
 * Issue 30's case: one booking leaves 0,25 h in this month's ring while 1,50 h are carried
 * over from March. Ring, "Jetzt verfügbar", banner, history, forecast and the Monatsübersicht
 * must tell one story (decision 0623).
 */
describe('one truth about hours', () => {
  it('ring = this month, and every other figure = this month plus carry-over', async () => {
    const customer = await buildCustomer(ctx.db, { firstName: 'Maria', lastName: 'Gruber' });
    const project = await buildProject(ctx.db, customer.id);
    const sub = await buildSubscription(ctx.db, customer.id, {
      startDate: '2026-03-01',
      endDate: '2027-02-28',
      monthlyHours: '10',
    });
    setClock('2026-04-28T10:00:00Z');
    for (const [hours, date] of [
      [4, '2026-03-05'],
      [4.5, '2026-03-20'],
      [9.75, '2026-04-27'],
    ] as const) {
      const res = await admin('POST', `/api/customers/${customer.id}/time-entries`, {
        project_id: project.id,
        hours,
        activity_description: 'Haushalt organisiert',
        work_date: date,
        billing_type: 'abos',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await ctx.runJobs();

    const lounge = (await admin('GET', `/api/customers/${customer.id}/dashboard`)).json();
    // The ring (SPEC §2): this month only.
    expect(lounge.subscription.current_month_hours_remaining).toBe(0.25);
    // Usable now: 0,25 h this month + 1,50 h from March.
    expect(lounge.subscription.total_balance).toBe(1.75);
    // The banner reads the same figure (1,75 h ≤ 20 % of 10 h: low).
    expect(lounge.low_balances).toMatchObject([{ kind: 'butler', hours_remaining: 0.25, hours_usable: 1.75 }]);
    // The history's Gesamtbilanz is the same figure.
    const history = (await admin('GET', `/api/subscriptions/${sub.id}/history`)).json();
    expect(history.total_balance).toBe(1.75);
    // The forecast starts from it: at 18,25 h in 59 days (≈ 0,31 h a day, 9,6 h a month) the
    // 1,75 h last until the 10 h of May arrive, and each month adds more than is used.
    expect(lounge.forecast.subscription).toEqual({ until: '2027-02-28', until_term_end: true });

    // The alert mail says the same: 1,75 h with the carry-over.
    const mail = await ctx.db.query.mailOutbox.findFirst({
      where: (m, { and, eq }) => and(eq(m.customerId, customer.id), eq(m.template, 'balance-alert')),
    });
    expect(mail?.textBody).toContain('jetzt noch 1,75 h zur Verfügung');

    // At the month's end nothing changed; the Monatsübersicht of April shows the same breakdown.
    setClock('2026-05-02T10:00:00Z');
    const pdf = await admin('GET', `/api/customers/${customer.id}/statements/2026-04/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Rest dieses Monats 0,25 h');
    expect(text).toContain('Übertrag aus den Vormonaten 1,50 h');
    expect(text).toContain('Verfügbar am Monatsende 1,75 h');
  });
});
