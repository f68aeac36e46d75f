import { CUSTOMER_VOICES, type CustomerVoice, foreignVoiceWords } from '@butler/contract/voice';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import { deliveredLinkToken } from '../../../test/delivered-mail.js';
import { buildCustomer, buildProject, buildSubscription, TEST_PASSWORD } from '../../../test/factories.js';
import { configureProvider, createDraft, pdfText, sendInvoice } from '../../../test/quickbill-helpers.js';
import { staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { mailOutbox } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  await configureProvider(ctx, actors.tokens.admin as string);
});
afterAll(() => setClock(null));

const as = (token: string | undefined, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  ctx.request({ method, url, token, payload: payload as any });
const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  as(actors.tokens.admin, method, url, payload);

const GREETING: Record<CustomerVoice, string> = { du: 'Hallo Maria,', sie: 'Sehr geehrte Frau Gruber,' };
const stripHtml = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/g, ' ');

describe('Anrede der Kunden: the setting', () => {
  it('starts at du, is the Inhaber’s to change, refuses anything else in German and is audited', async () => {
    expect((await admin('GET', '/api/admin/customer-voice')).json()).toEqual({ customer_voice: 'du' });
    const office = await staffMember(ctx, 'office');
    expect((await as(office.token, 'PUT', '/api/admin/customer-voice', { customer_voice: 'sie' })).statusCode).toBe(
      403,
    );
    const bad = await admin('PUT', '/api/admin/customer-voice', { customer_voice: 'ihr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.customer_voice).toBe('Bitte wählen Sie „du“ oder „Sie“');
    expect((await admin('GET', '/api/admin/customer-voice')).json()).toEqual({ customer_voice: 'du' });
    const ok = await admin('PUT', '/api/admin/customer-voice', { customer_voice: 'sie' });
    expect(ok.json()).toEqual({ customer_voice: 'sie' });
    const audit = await admin('GET', '/api/audit?entity=provider_settings');
    expect(JSON.stringify(audit.json())).toContain('customer_voice');
    await admin('PUT', '/api/admin/customer-voice', { customer_voice: 'du' });
  });
});

describe('every customer mail and PDF in both settings (decision 0620)', () => {
  for (const voice of CUSTOMER_VOICES) {
    it(`${voice}: greets Maria Gruber by name and has no word of the other form`, async () => {
      setClock('2026-04-10T09:00:00Z');
      expect((await admin('PUT', '/api/admin/customer-voice', { customer_voice: voice })).statusCode).toBe(200);
      const maria = await buildCustomer(ctx.db, {
        firstName: 'Maria',
        lastName: 'Gruber',
        salutation: 'frau',
        email: `maria.${voice}@example.at`,
        street: 'Hauptstraße 5',
        postalCode: '1010',
        city: 'Wien',
      });
      // The session and the password pages tell the app which form to use.
      const login = await as(undefined, 'POST', '/api/auth/login', {
        email: maria.email,
        password: TEST_PASSWORD,
        user_type: 'customer',
      });
      expect(login.json().customer_voice).toBe(voice);
      const validate = await as(login.json().token, 'POST', '/api/auth/validate-token');
      expect(validate.json().customer_voice).toBe(voice);

      // Reset link (staff), "Passwort vergessen", statement, balance alert, invoice.
      const link = await admin('POST', `/api/customers/${maria.id}/password-link`);
      expect(link.statusCode, link.body).toBeLessThan(300);
      await as(undefined, 'POST', '/api/auth/forgot-password', { email: maria.email });
      const project = await buildProject(ctx.db, maria.id, { name: 'Haushalt' });
      await buildSubscription(ctx.db, maria.id, { startDate: '2026-03-01', endDate: '2027-02-28', monthlyHours: '4' });
      for (const [hours, date] of [
        [4, '2026-03-12'],
        [3.75, '2026-04-02'],
      ] as const) {
        const booked = await admin('POST', `/api/customers/${maria.id}/time-entries`, {
          customer_id: maria.id,
          project_id: project.id,
          hours,
          activity_description: 'Unterlagen sortiert',
          work_date: date,
          billing_type: 'abos',
        });
        expect(booked.statusCode, booked.body).toBe(201);
      }
      await ctx.runJobs();
      const month = '2026-03';
      const statement = await admin('POST', `/api/customers/${maria.id}/statements/${month}/send`);
      expect(statement.statusCode, statement.body).toBe(200);
      const draft = await createDraft(ctx, actors.tokens.admin as string, maria.id, { invoice_date: '2026-04-09' });
      await sendInvoice(ctx, actors.tokens.admin as string, draft.id);
      await ctx.runJobs();

      const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.customerId, maria.id));
      expect(mails.map((m) => m.template).sort()).toEqual(
        ['balance-alert', 'invoice', 'password-reset', 'password-reset', 'statement'].sort(),
      );
      for (const mail of mails) {
        const text = `${mail.subject}\n${mail.textBody}\n${stripHtml(mail.htmlBody)}`;
        expect(foreignVoiceWords(voice, text), `${mail.template}: ${text}`).toEqual([]);
        expect(mail.textBody, mail.template).toContain(GREETING[voice]);
      }
      // The balance mail names what is usable now (this month plus carry-over): 0,25 h.
      const alert = mails.find((m) => m.template === 'balance-alert');
      expect(alert?.textBody).toContain('jetzt noch 0,25 h');

      // The delivered reset link opens a page in the same form.
      const reset = mails.filter((m) => m.template === 'password-reset').sort((a, b) => b.id - a.id)[0];
      const token = await deliveredLinkToken(ctx, reset?.id as number);
      const info = await as(undefined, 'POST', '/api/auth/password-link/info', { token });
      expect(info.json().voice, info.body).toBe(voice);

      // The PDF that addresses the reader: the Monatsübersicht (reminders stay formal, decision 0620).
      const statementPdf = await pdfText(
        (await admin('GET', `/api/customers/${maria.id}/statements/${month}/pdf`)).rawPayload,
      );
      expect(statementPdf).toContain(voice === 'du' ? 'für dich gebucht' : 'für Sie gebucht');
      expect(foreignVoiceWords(voice, statementPdf), statementPdf).toEqual([]);
    });
  }
});
