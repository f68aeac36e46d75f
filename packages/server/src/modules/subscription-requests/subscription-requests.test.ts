import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildProject,
  buildSubscription,
  buildSubscriptionTemplate,
  buildTimeEntry,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import {
  auditLog,
  customers,
  mailOutbox,
  subscriptionBillingMonths,
  subscriptionRequests,
  subscriptions,
  type subscriptionTemplates,
} from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';

/** "Paket ändern" and "Verlängern" from the lounge, answered by staff (decision 0851). */
let ctx: TestContext;
let owner: StaffMember;
let office: StaffMember;
let classic: typeof subscriptionTemplates.$inferSelect;
let premium: typeof subscriptionTemplates.$inferSelect;

beforeAll(async () => {
  ctx = await createTestContext();
  setClock('2026-03-10T09:00:00Z');
  owner = await staffMember(ctx, 'owner', 'Olga Inhaber');
  office = await staffMember(ctx, 'office', 'Bea Büro');
  classic = await buildSubscriptionTemplate(ctx.db, { name: 'Classic', durationMonths: 12, pricePerHour: '50' });
  premium = await buildSubscriptionTemplate(ctx.db, {
    name: 'Premium',
    durationMonths: 6,
    pricePerHour: '60',
    monthlyTrips: 4,
  });
});
beforeEach(() => setClock('2026-03-10T09:00:00Z'));
afterAll(() => setClock(null));

/** A customer signed in, with a ButlerPaket Classic of 10 h from 01.01.2026 for 12 months. */
async function customerWithPackage(overrides: Partial<typeof subscriptions.$inferInsert> = {}) {
  const row = await buildCustomer(ctx.db, { firstName: 'Maria', lastName: 'Gruber', salutation: 'frau' });
  const sub = await buildSubscription(ctx.db, row.id, {
    templateId: classic.id,
    templateName: 'Classic',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    monthlyHours: '10',
    monthlyPrice: '500',
    originalMonthlyPrice: '500',
    ...overrides,
  });
  const token = await ctx.login('customer', row.email, TEST_PASSWORD);
  return { id: row.id, token, sub, api: as(ctx, token) };
}

const change = (templateId: number, hours: number, extra: Record<string, unknown> = {}) => ({
  kind: 'change',
  template_id: templateId,
  monthly_hours: hours,
  ...extra,
});
const packagesOf = (customerId: number) =>
  ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)).orderBy(subscriptions.startDate);
const mailsOf = (customerId: number) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.customerId, customerId));

describe('the lounge offers a change from the next month and a renewal', () => {
  it('names the next period, the offered templates and the renewal term; the quote prices by today’s rules', async () => {
    const c = await customerWithPackage();
    const options = (await c.api.get(`/api/customers/${c.id}/package-change`)).json();
    expect(options.change).toEqual({ possible: true, reason: null, effective_from: '2026-04-01' });
    expect(options.renew).toEqual({
      possible: true,
      reason: null,
      start_date: '2027-01-01',
      end_date: '2027-12-31',
      template_name: 'Classic',
      monthly_hours: 10,
      monthly_price: 500,
    });
    expect(options.templates.map((t: { name: string }) => t.name)).toEqual(['Classic', 'Premium']);
    expect(options.subscription).toMatchObject({ monthly_hours: 10, monthly_price: 500, end_date: '2026-12-31' });

    const more = await c.api.get(
      `/api/customers/${c.id}/package-change/quote?template_id=${classic.id}&monthly_hours=15`,
    );
    // 15 h × € 50 for the rest of the term: April to December.
    expect(more.json()).toMatchObject({
      monthly_price: 750,
      effective_from: '2026-04-01',
      end_date: '2026-12-31',
      duration_months: 9,
    });
    const other = await c.api.get(
      `/api/customers/${c.id}/package-change/quote?template_id=${premium.id}&monthly_hours=8`,
    );
    // Another template: its own term of 6 months from April, 8 h × € 60.
    expect(other.json()).toMatchObject({ monthly_price: 480, end_date: '2026-09-30', duration_months: 6 });
  });

  it('keeps a referral discount’s share of the price, as the staff’s edit does', async () => {
    const c = await customerWithPackage({
      monthlyPrice: '450',
      originalMonthlyPrice: '500',
      hasReferralDiscount: true,
    });
    const quote = await c.api.get(
      `/api/customers/${c.id}/package-change/quote?template_id=${classic.id}&monthly_hours=15`,
    );
    expect(quote.json()).toMatchObject({
      monthly_price: 675,
      original_monthly_price: 750,
      has_referral_discount: true,
    });
  });

  it('refuses in German what cannot be: the same hours, a template not offered, hours off the steps', async () => {
    const c = await customerWithPackage();
    const same = await c.api.post(`/api/customers/${c.id}/package-change`, change(classic.id, 10));
    expect(same.statusCode).toBe(422);
    expect(same.json().error).toBe('Das sind dieselben Stunden im selben Paket wie jetzt.');
    const hidden = await buildSubscriptionTemplate(ctx.db, { name: 'Intern', offeredInLounge: false });
    const notOffered = await c.api.post(`/api/customers/${c.id}/package-change`, change(hidden.id, 10));
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().details.template_id).toBe('Dieses Paket wird derzeit nicht angeboten.');
    const odd = await c.api.post(`/api/customers/${c.id}/package-change`, change(classic.id, 10.3));
    expect(odd.statusCode).toBe(400);
    expect(odd.json().details.monthly_hours).toBe('Die Stunden müssen ein Vielfaches von 0,5 sein');
    const huge = await c.api.post(`/api/customers/${c.id}/package-change`, change(classic.id, 20_000));
    expect(huge.json().details.monthly_hours).toBe('Höchstens 10.000 Stunden');
    const noHours = await c.api.post(`/api/customers/${c.id}/package-change`, {
      kind: 'change',
      template_id: classic.id,
    });
    expect(noHours.json().details.monthly_hours).toBe('Bitte die monatlichen Stunden angeben.');
    expect(await ctx.db.select().from(subscriptionRequests).where(eq(subscriptionRequests.customerId, c.id))).toEqual(
      [],
    );
  });

  it('refuses a change when the term ends this month, and when the next month is billed already', async () => {
    const ending = await customerWithPackage({ endDate: '2026-03-31', durationMonths: 3 });
    const late = await ending.api.post(`/api/customers/${ending.id}/package-change`, change(classic.id, 15));
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(
      'Dein ButlerPaket endet am 31.03.2026: Eine Änderung ab dem nächsten Monat ist nicht mehr möglich. Verlängern geht aber.',
    );
    const options = (await ending.api.get(`/api/customers/${ending.id}/package-change`)).json();
    expect(options.change.possible).toBe(false);
    expect(options.renew).toMatchObject({ possible: true, start_date: '2026-04-01', end_date: '2026-06-30' });

    const billed = await customerWithPackage({ billingInterval: 'quarterly' });
    await ctx.db.insert(subscriptionBillingMonths).values(
      ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'].map((month) => ({
        subscriptionId: billed.sub.id,
        month,
        state: 'invoiced',
        createdBy: 'Test',
      })),
    );
    const refused = await billed.api.post(`/api/customers/${billed.id}/package-change`, change(classic.id, 15));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('Dein ButlerPaket ist bis 30.06.2026 schon abgerechnet');
  });

  it('refuses a renewal when the ButlerPaket is renewed already, and a template whose term would meet the next one', async () => {
    const c = await customerWithPackage();
    await buildSubscription(ctx.db, c.id, { startDate: '2027-01-01', endDate: '2027-12-31', renewedFromId: c.sub.id });
    const options = (await c.api.get(`/api/customers/${c.id}/package-change`)).json();
    // The run without gaps goes on to 31.12.2027: that one would be renewed.
    expect(options.renew).toMatchObject({ possible: true, start_date: '2028-01-01' });
    const long = await buildSubscriptionTemplate(ctx.db, { name: 'Jahr plus', durationMonths: 24, pricePerHour: '45' });
    const overlap = await c.api.post(`/api/customers/${c.id}/package-change`, change(long.id, 10));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error).toBe(
      'Das neue Paket würde sich mit deinem folgenden ButlerPaket überschneiden. Bitte melde dich bei uns.',
    );
  });
});

describe('one open wish, once', () => {
  it('files one wish under a burst of five taps; the same key answers the first one', async () => {
    const c = await customerWithPackage();
    const burst = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        c.api.post(
          `/api/customers/${c.id}/package-change`,
          change(classic.id, 15, { idempotency_key: `tap-key-${n}` }),
        ),
      ),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(burst.find((r) => r.statusCode === 409)?.json().error).toBe(
      'Zu deinem ButlerPaket ist schon ein Wunsch offen. Zieh ihn zurück, wenn du etwas anderes möchtest.',
    );
    const filed = burst.find((r) => r.statusCode === 201)!.json();
    const key = `tap-key-${burst.findIndex((r) => r.statusCode === 201) + 1}`;
    const retry = await c.api.post(
      `/api/customers/${c.id}/package-change`,
      change(classic.id, 15, { idempotency_key: key }),
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(filed.id);
    const rows = await ctx.db.select().from(subscriptionRequests).where(eq(subscriptionRequests.customerId, c.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'open', monthlyHours: '15.00', monthlyPrice: '750.00' });
    // Nothing about the ButlerPaket changed.
    expect((await packagesOf(c.id)).map((s) => [s.monthlyHours, s.endDate])).toEqual([['10.00', '2026-12-31']]);
    const options = (await c.api.get(`/api/customers/${c.id}/package-change`)).json();
    expect(options.open).toMatchObject({ id: filed.id, kind: 'change', effective_from: '2026-04-01' });
    expect(options.change.possible).toBe(false);
  });

  it('lets the customer withdraw the open wish; staff can then not accept it, another customer cannot touch it', async () => {
    const c = await customerWithPackage();
    const other = await customerWithPackage();
    const wish = (await c.api.post(`/api/customers/${c.id}/package-change`, { kind: 'renew' })).json();
    expect((await other.api.post(`/api/subscription-requests/${wish.id}/withdraw`, {})).statusCode).toBe(404);
    const withdrawn = await c.api.post(`/api/subscription-requests/${wish.id}/withdraw`, {});
    expect(withdrawn.json()).toMatchObject({ state: 'withdrawn' });
    const late = await as(ctx, office.token).post(`/api/subscription-requests/${wish.id}/accept`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Dieser Wunsch ist nicht mehr offen.');
    expect(await packagesOf(c.id)).toHaveLength(1);
    // A new wish may follow.
    expect((await c.api.post(`/api/customers/${c.id}/package-change`, change(classic.id, 12))).statusCode).toBe(201);
  });
});

describe('staff accept or decline', () => {
  it('accepting more hours ends the running term with March and continues from April with 15 h, once under a burst', async () => {
    const c = await customerWithPackage();
    const project = await buildProject(ctx.db, c.id);
    // January to March allot 30 h; 4,5 h used in March leave 25,5 h, which the change lets lapse.
    await buildTimeEntry(ctx.db, c.id, project.id, { hours: '4.5', workDate: '2026-03-05' });
    const quote = (
      await c.api.get(`/api/customers/${c.id}/package-change/quote?template_id=${classic.id}&monthly_hours=15`)
    ).json();
    expect(quote).toMatchObject({
      monthly_price: 750,
      monthly_price_gross: 900,
      tax_rate: 20,
      lapse: { hours: 25.5, until: '2026-03-31' },
    });
    const wish = (
      await c.api.post(`/api/customers/${c.id}/package-change`, change(classic.id, 15, { message: 'Mehr Garten' }))
    ).json();
    const list = (await as(ctx, office.token).get('/api/subscription-requests')).json();
    expect(list.find((r: { id: number }) => r.id === wish.id)).toMatchObject({
      customer_name: 'Maria Gruber',
      message: 'Mehr Garten',
      current: { monthly_hours: 10, end_date: '2026-12-31' },
      lapse: { hours: 25.5, until: '2026-03-31' },
    });

    const answers = await Promise.all([
      as(ctx, office.token).post(`/api/subscription-requests/${wish.id}/accept`, { note: 'Gerne, ab April!' }),
      as(ctx, owner.token).post(`/api/subscription-requests/${wish.id}/accept`, { note: 'Doppelt' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const accepted = answers.find((r) => r.statusCode === 200)!.json();
    expect(accepted).toMatchObject({ state: 'accepted', effective_from: '2026-04-01', end_date: '2026-12-31' });

    const [before, after] = await packagesOf(c.id);
    expect(before).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      durationMonths: 3,
      monthlyHours: '10.00',
    });
    expect(after).toMatchObject({
      id: accepted.result_subscription_id,
      templateId: classic.id,
      startDate: '2026-04-01',
      endDate: '2026-12-31',
      durationMonths: 9,
      monthlyHours: '15.00',
      monthlyPrice: '750.00',
    });
    expect(await packagesOf(c.id)).toHaveLength(2);

    const [mail] = await mailsOf(c.id);
    expect(mail.subject).toBe('Dein Paketwunsch ist bestätigt');
    expect(mail.textBody).toContain('Hallo Maria,');
    expect(mail.textBody).toContain(
      'Hallo Maria,\n\nwir haben deinen Wunsch bestätigt: ab 01.04.2026 Classic mit 15,00 h im Monat.',
    );
    expect(mail.textBody).toContain(
      'Dein jetziges ButlerPaket endet mit dem Wechsel am 31.03.2026. Stunden, die du bis dahin nicht verbrauchst, gehen nicht in das neue Paket über (derzeit 25,50 h übrig).',
    );
    expect(mail.textBody).toContain(`Unsere Nachricht: ${accepted.answer_note}`);
    const options = (await c.api.get(`/api/customers/${c.id}/package-change`)).json();
    expect(options.last_answer).toMatchObject({ id: wish.id, state: 'accepted' });
    expect(options.open).toBeNull();

    const actions = await ctx.db
      .select({ action: auditLog.action, actor: auditLog.actorName })
      .from(auditLog)
      .where(and(eq(auditLog.customerId, c.id), eq(auditLog.entity, 'subscription')));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['package_request', 'update', 'create', 'package_request_accept']),
    );
  });

  it('accepting another template gives its own term and trips from the next month', async () => {
    const c = await customerWithPackage();
    const wish = (await c.api.post(`/api/customers/${c.id}/package-change`, change(premium.id, 8))).json();
    await as(ctx, office.token).post(`/api/subscription-requests/${wish.id}/accept`, {});
    const [, next] = await packagesOf(c.id);
    expect(next).toMatchObject({
      templateName: 'Premium',
      startDate: '2026-04-01',
      endDate: '2026-09-30',
      durationMonths: 6,
      monthlyTrips: 4,
      monthlyPrice: '480.00',
    });
  });

  it('a wish accepted after its month began takes effect from the next period still ahead', async () => {
    const c = await customerWithPackage();
    const wish = (await c.api.post(`/api/customers/${c.id}/package-change`, change(classic.id, 12))).json();
    setClock('2026-04-05T09:00:00Z');
    const accepted = (await as(ctx, office.token).post(`/api/subscription-requests/${wish.id}/accept`, {})).json();
    expect(accepted.effective_from).toBe('2026-05-01');
    expect((await packagesOf(c.id)).map((s) => [s.startDate, s.endDate, s.monthlyHours])).toEqual([
      ['2026-01-01', '2026-04-30', '10.00'],
      ['2026-05-01', '2026-12-31', '12.00'],
    ]);
  });

  it('Verlängern: declined with a note the customer reads; accepted as the staff’s renewal', async () => {
    const c = await customerWithPackage();
    const wish = (await c.api.post(`/api/customers/${c.id}/package-change`, { kind: 'renew' })).json();
    expect(wish).toMatchObject({ effective_from: '2027-01-01', end_date: '2027-12-31', monthly_hours: 10 });
    const empty = await as(ctx, office.token).post(`/api/subscription-requests/${wish.id}/decline`, { note: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.note).toBe('Bitte schreiben Sie dem Kunden, warum der Wunsch abgelehnt wird');
    const declined = await as(ctx, office.token).post(`/api/subscription-requests/${wish.id}/decline`, {
      note: 'Bitte rufen Sie uns an, wir haben ein neues Angebot.',
    });
    expect(declined.json()).toMatchObject({ state: 'declined', answered_by: 'Bea Büro' });
    expect(await packagesOf(c.id)).toHaveLength(1);
    const [mail] = await mailsOf(c.id);
    expect(mail.subject).toBe('Zu deinem Paketwunsch');
    expect(mail.textBody).toContain('Hallo Maria,\n\ndeinen Wunsch konnten wir leider nicht umsetzen.');
    expect(mail.textBody).not.toContain('nicht in das neue Paket über');
    expect(mail.textBody).toContain('Unsere Nachricht: Bitte rufen Sie uns an, wir haben ein neues Angebot.');
    expect((await c.api.get(`/api/customers/${c.id}/package-change`)).json().last_answer).toMatchObject({
      state: 'declined',
      answer_note: 'Bitte rufen Sie uns an, wir haben ein neues Angebot.',
    });

    const again = (await c.api.post(`/api/customers/${c.id}/package-change`, { kind: 'renew' })).json();
    const accepted = (await as(ctx, owner.token).post(`/api/subscription-requests/${again.id}/accept`, {})).json();
    const renewal = (await packagesOf(c.id))[1];
    expect(renewal).toMatchObject({
      id: accepted.result_subscription_id,
      renewedFromId: c.sub.id,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      monthlyHours: '10.00',
      monthlyPrice: '500.00',
    });
  });

  it('refuses to accept for a deactivated customer, and speaks Sie when the portal does', async () => {
    const c = await customerWithPackage();
    const wish = (await c.api.post(`/api/customers/${c.id}/package-change`, change(classic.id, 15))).json();
    await ctx.db.update(customers).set({ isActive: false }).where(eq(customers.id, c.id));
    const refused = await as(ctx, office.token).post(`/api/subscription-requests/${wish.id}/accept`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Dieser Kunde ist deaktiviert.');
    expect(await packagesOf(c.id)).toHaveLength(1);
    expect((await as(ctx, office.token).get(`/api/subscription-requests?customer_id=${c.id}`)).json()[0].state).toBe(
      'open',
    );

    expect((await as(ctx, owner.token).put('/api/admin/customer-voice', { customer_voice: 'sie' })).statusCode).toBe(
      200,
    );
    try {
      const formal = await customerWithPackage();
      const first = (
        await formal.api.post(`/api/customers/${formal.id}/package-change`, change(classic.id, 15))
      ).json();
      const twice = await formal.api.post(`/api/customers/${formal.id}/package-change`, { kind: 'renew' });
      expect(twice.json().error).toBe(
        'Zu Ihrem ButlerPaket ist schon ein Wunsch offen. Ziehen Sie ihn zurück, wenn Sie etwas anderes möchten.',
      );
      await as(ctx, office.token).post(`/api/subscription-requests/${first.id}/accept`, {});
      const [mail] = await mailsOf(formal.id);
      expect(mail.subject).toBe('Ihr Paketwunsch ist bestätigt');
      expect(mail.textBody).toContain('Sehr geehrte Frau Gruber,\n\nwir haben Ihren Wunsch bestätigt');
      expect(mail.textBody).toContain(
        'Stunden, die Sie bis dahin nicht verbrauchen, gehen nicht in das neue Paket über',
      );
    } finally {
      await as(ctx, owner.token).put('/api/admin/customer-voice', { customer_voice: 'du' });
    }
  });

  it('who may: the customer only for themself, Büro answers, Buchhaltung reads, a Butler sees nothing', async () => {
    const c = await customerWithPackage();
    const other = await customerWithPackage();
    const accounting = await staffMember(ctx, 'accounting');
    const butler = await staffMember(ctx, 'butler');
    expect((await other.api.get(`/api/customers/${c.id}/package-change`)).statusCode).toBe(403);
    expect((await as(ctx, butler.token).get(`/api/customers/${c.id}/package-change`)).statusCode).toBe(403);
    const wish = (await c.api.post(`/api/customers/${c.id}/package-change`, change(classic.id, 15))).json();
    expect(
      (await as(ctx, office.token).post(`/api/customers/${c.id}/package-change`, { kind: 'renew' })).statusCode,
    ).toBe(403);
    expect((await as(ctx, accounting.token).get(`/api/subscription-requests?customer_id=${c.id}`)).statusCode).toBe(
      200,
    );
    expect((await as(ctx, accounting.token).post(`/api/subscription-requests/${wish.id}/accept`, {})).statusCode).toBe(
      403,
    );
    expect((await c.api.post(`/api/subscription-requests/${wish.id}/accept`, {})).statusCode).toBe(403);
    expect((await as(ctx, butler.token).get('/api/subscription-requests')).statusCode).toBe(403);
  });
});
