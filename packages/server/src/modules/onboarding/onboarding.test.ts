import { DASHBOARD_SETTINGS_DEFAULTS } from '@butler/contract/admin-dashboard';
import { todayInVienna } from '@butler/contract/format';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildSubscriptionTemplate, TEST_PASSWORD } from '../../../test/factories.js';
import { configureProvider, createDraft, sendInvoice } from '../../../test/quickbill-helpers.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { admins, auditLog } from '../../db/schema/index.js';

let ctx: TestContext;
let owner: StaffMember;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await staffMember(ctx, 'owner', 'Olga Owner');
});

const steps = async (token = owner.token) => {
  const res = await as(ctx, token).get('/api/onboarding');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const doneOf = (body: any) => Object.fromEntries(body.checklist.steps.map((s: any) => [s.key, s.done]));

describe('first day (Erste Schritte)', () => {
  it('on an empty installation: nothing done, first greeting, no targets, no prefilled company name', async () => {
    const body = await steps();
    expect(body.first_visit).toBe(true);
    expect(body.targets_set).toBe(false);
    expect(body.checklist.hidden).toBe(false);
    expect(doneOf(body)).toEqual({
      company: false,
      bank: false,
      logo: false,
      template: false,
      customer: false,
      subscription: false,
      invoice: false,
    });
    expect(body.checklist).toMatchObject({ first_customer_id: null, subscription_draft_id: null });
    const settings = await as(ctx, owner.token).get('/api/quickbill/settings');
    expect(settings.json().company_name).toBe('');
  });

  it('ticks each step off from the data, up to a sent ButlerPaket invoice (decision 0757)', async () => {
    // Company data without the UID is not done yet: the same rule as issuing.
    await configureProvider(ctx, owner.token, { uid: '', iban: '' });
    expect(doneOf(await steps())).toMatchObject({ company: false, bank: false });
    await configureProvider(ctx, owner.token);
    expect(doneOf(await steps())).toMatchObject({ company: true, bank: true, logo: false });

    const template = await buildSubscriptionTemplate(ctx.db, { name: 'Komfort' });
    const customer = await buildCustomer(ctx.db, { street: 'Gasse 1', postalCode: '1010', city: 'Wien' });
    expect((await steps()).checklist.first_customer_id).toBe(customer.id);
    // A manual invoice, even sent, is not the guide's goal.
    const manual = await createDraft(ctx, owner.token, customer.id);
    await sendInvoice(ctx, owner.token, manual.id);
    expect(doneOf(await steps())).toMatchObject({
      template: true,
      customer: true,
      subscription: false,
      invoice: false,
    });

    const sold = await as(ctx, owner.token).post('/api/subscriptions', {
      customer_id: customer.id,
      template_id: template.id,
      monthly_hours: 10,
      start_date: todayInVienna(),
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(doneOf(await steps())).toMatchObject({ subscription: true, invoice: false });
    const billed = await as(ctx, owner.token).post(`/api/subscriptions/${sold.json().id}/billing/bill`, {
      period_start: todayInVienna(),
    });
    expect(billed.statusCode, billed.body).toBe(201);
    // The draft is where the step leads; it counts once it has been issued and sent.
    const drafted = await steps();
    expect(drafted.checklist.subscription_draft_id).toBe(billed.json().invoice_id);
    expect(doneOf(drafted)).toMatchObject({ invoice: false });
    await sendInvoice(ctx, owner.token, billed.json().invoice_id);
    const done = await steps();
    expect(doneOf(done)).toMatchObject({ invoice: true });
    expect(done.checklist.subscription_draft_id).toBeNull();
  });

  it('says "Willkommen zurück" from the second sign-in on', async () => {
    const again = await ctx.login('admin', owner.username, TEST_PASSWORD);
    expect((await steps(again)).first_visit).toBe(false);
  });

  it('hides the checklist for this staff member only, audited, and shows it again', async () => {
    const second = await staffMember(ctx, 'owner');
    const hide = await as(ctx, owner.token).put('/api/onboarding/checklist', { hidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await steps()).checklist.hidden).toBe(true);
    expect((await steps(second.token)).checklist.hidden).toBe(false);
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'onboarding'));
    expect(rows).toHaveLength(1);
    await as(ctx, owner.token).put('/api/onboarding/checklist', { hidden: false });
    expect((await steps()).checklist.hidden).toBe(false);
    const [row] = await ctx.db.select().from(admins).where(eq(admins.id, owner.id));
    expect(row.onboardingHiddenAt).toBeNull();
  });

  it('refuses a bad body with a German message and changes nothing', async () => {
    const res = await as(ctx, owner.token).put('/api/onboarding/checklist', { hidden: 'ja' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty('hidden');
    expect((await steps()).checklist.hidden).toBe(false);
  });

  it('shows the checklist only to who may change the company data; saved targets count as set', async () => {
    const office = await staffMember(ctx, 'office');
    const body = await steps(office.token);
    expect(body.checklist).toBeNull();
    const saved = await as(ctx, office.token).put('/api/admin/dashboard-settings', DASHBOARD_SETTINGS_DEFAULTS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await steps(office.token)).targets_set).toBe(true);
  });
});
