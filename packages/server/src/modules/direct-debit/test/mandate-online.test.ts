import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureDirectDebit, IBANS, issuedSubscriptionInvoice } from '../../../../test/direct-debit-fixtures.js';
import { buildAdmin, buildCustomer, buildSubscription, TEST_PASSWORD } from '../../../../test/factories.js';
import { pdfText } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import {
  auditLog,
  customers,
  directDebitSettings,
  mailOutbox,
  sepaMandateSignatures,
  sepaMandates,
  subscriptions,
} from '../../../db/schema/index.js';
import { addDays, addMonths } from '../../../domain/calendar.js';
import { todayVienna } from '../../../lib/clock.js';

let ctx: TestContext;
let owner: string;
const OWNER_MAIL = 'inhaberin@meinbutler.at';
const NOT_SIGNED_IN = 'Nicht angemeldet';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1';

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await buildAdmin(ctx.db, { email: OWNER_MAIL, name: 'Inge Inhaberin' });
  owner = await ctx.login('admin', staff.username, TEST_PASSWORD);
  await configureDirectDebit(ctx, owner);
});

/** A customer with an address and a running ButlerPaket paid by transfer, signed in. */
async function customerInLounge(n: number) {
  const customer = await buildCustomer(ctx.db, {
    firstName: `Lena${n}`,
    lastName: 'Brunner',
    street: 'Lindengasse 3',
    postalCode: '1070',
    city: 'Wien',
  });
  const today = todayVienna();
  const subscription = await buildSubscription(ctx.db, customer.id, {
    startDate: addMonths(today, -1),
    endDate: addDays(addMonths(today, 11), -1),
  });
  const token = await ctx.login('customer', customer.email, TEST_PASSWORD);
  return { customer, subscription, token };
}

const url = (customerId: number) => `/api/customers/${customerId}/mandate-online`;
const state = async (token: string, customerId: number) => {
  const res = await ctx.request({ method: 'GET', url: url(customerId), token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Signs what the lounge shows now, with the customer's own password unless told otherwise. */
async function sign(token: string, customerId: number, overrides: Record<string, unknown> = {}) {
  const { offer } = await state(token, customerId);
  return ctx.request({
    method: 'POST',
    url: url(customerId),
    token,
    headers: { 'user-agent': PHONE },
    payload: {
      idempotency_key: randomUUID(),
      reference: offer.reference,
      mandate_text: offer.mandate_text,
      debtor_name: 'Lena Brunner',
      debtor_iban: IBANS[0].replace(/(.{4})/g, '$1 '),
      password: TEST_PASSWORD,
      ...overrides,
    },
  });
}

const mandatesOf = (customerId: number) =>
  ctx.db.select().from(sepaMandates).where(eq(sepaMandates.customerId, customerId));

describe('Lastschrift einrichten in the lounge (decision 0853)', () => {
  it('shows the SEPA Core mandate text with creditor, Gläubiger-ID and reference before signing', async () => {
    const { customer, token } = await customerInLounge(1);
    const shown = await state(token, customer.id);
    expect(shown.ready).toBe(true);
    expect(shown.active).toBeNull();
    const reference = `K${String(customer.id).padStart(4, '0')}-1`;
    expect(shown.offer.reference).toBe(reference);
    expect(shown.offer.creditor_id).toBe('AT88ZZZ00000000001');
    expect(shown.offer.mandate_text).toContain('Zahlungsempfänger: Mein BUTLER e.U., Mariahilfer Straße 12, 1060 Wien');
    expect(shown.offer.mandate_text).toContain('Gläubiger-Identifikationsnummer: AT88ZZZ00000000001');
    expect(shown.offer.mandate_text).toContain(`Mandatsreferenz: ${reference}`);
    expect(shown.offer.mandate_text).toContain(
      'Ich ermächtige / Wir ermächtigen Mein BUTLER e.U., Zahlungen von meinem / unserem Konto mittels Lastschrift einzuziehen.',
    );
    expect(shown.offer.mandate_text).toContain('innerhalb von acht Wochen, beginnend mit dem Belastungsdatum');
    expect(shown.offer.mandate_text).toContain(
      'informieren wir dich mit der Rechnung mindestens 14 Kalendertage im Voraus',
    );
  });

  it('stores the mandate with its evidence, mails the signed copy and shows staff the proof', async () => {
    const { customer, token } = await customerInLounge(2);
    const { offer } = await state(token, customer.id);
    const res = await sign(token, customer.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      mandate: {
        id: expect.any(Number),
        reference: offer.reference,
        debtor_name: 'Lena Brunner',
        account: `AT...${IBANS[0].slice(-4)}`,
        signed_on: todayVienna(),
        channel: 'online',
      },
      replaced_reference: null,
    });
    const id = res.json().mandate.id;
    const [mandate] = await mandatesOf(customer.id);
    expect(mandate).toMatchObject({ status: 'active', debtorIban: IBANS[0], scheme: 'CORE', signedOn: todayVienna() });
    const [evidence] = await ctx.db.select().from(sepaMandateSignatures).where(eq(sepaMandateSignatures.mandateId, id));
    expect(evidence).toMatchObject({
      customerId: customer.id,
      clientAddress: '127.0.0.1',
      userAgent: PHONE,
      signerLogin: customer.email,
      mandateText: offer.mandate_text,
    });
    expect(Date.now() - evidence.signedAt.getTime()).toBeLessThan(60_000);

    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.customerId, customer.id), eq(mailOutbox.template, 'mandate-signed')));
    expect(mail.toAddress).toBe(customer.email);
    expect(mail.subject).toBe(`Dein SEPA-Lastschrift-Mandat ${offer.reference}`);
    expect(mail.textBody).toContain('Gläubiger-ID: AT88ZZZ00000000001');
    expect(mail.attachments).toEqual([
      { source: 'mandate-pdf', filename: `SEPA-Mandat-${offer.reference}.pdf`, args: { mandateId: id } },
    ]);
    // Delivered with the stored copy attached (the attachment source finds it).
    await ctx.runJobs();
    const [delivered] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect([delivered.status, delivered.lastError]).toEqual(['sent', null]);

    const copy = await ctx.request({ method: 'GET', url: `${url(customer.id)}/copy`, token });
    expect(copy.statusCode).toBe(200);
    const text = await pdfText(copy.rawPayload);
    expect(text).toContain('Gläubiger-Identifikationsnummer: AT88ZZZ00000000001');
    expect(text).toContain(`Mandatsreferenz: ${offer.reference}`);
    expect(text).toContain('Online-Unterschrift');
    expect(text).toContain(customer.email);
    expect(text).toContain('127.0.0.1');
    // Staff print the very copy that was mailed.
    const form = await ctx.request({ method: 'GET', url: `/api/mandates/${id}/form`, token: owner });
    expect(form.rawPayload.equals(copy.rawPayload)).toBe(true);

    const staff = await ctx.request({ method: 'GET', url: `/api/customers/${customer.id}/mandates`, token: owner });
    expect(staff.json()[0]).toMatchObject({
      channel: 'online',
      evidence: {
        client_address: '127.0.0.1',
        browser: 'Safari auf iPhone',
        signer_login: customer.email,
        mandate_text: offer.mandate_text,
      },
    });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sepa_mandate'), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action)).toEqual(['mandate_sign_online']);
    expect(audit[0].actorType).toBe('customer');
  });

  it('makes the next ButlerPaket invoice carry the pre-notification of the new mandate', async () => {
    const { customer, subscription, token } = await customerInLounge(3);
    const signed = (await sign(token, customer.id)).json();
    const [after] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(after.paymentMethod).toBe('lastschrift');
    const { invoice, collection } = await issuedSubscriptionInvoice(ctx, owner, customer.id, subscription.id);
    expect(collection).toMatchObject({ mandateReference: signed.mandate.reference, debtorIban: IBANS[0] });
    const lounge = await ctx.request({ method: 'GET', url: `/api/customers/${customer.id}/invoices`, token });
    expect(lounge.json()).toEqual([
      expect.objectContaining({
        id: invoice.id,
        direct_debit: { collection_date: collection!.announcedOn, account: `AT...${IBANS[0].slice(-4)}` },
      }),
    ]);
  });

  it('signs once for a double tap, also when both taps arrive at the same moment', async () => {
    const { customer, token } = await customerInLounge(4);
    const key = randomUUID();
    const first = await sign(token, customer.id, { idempotency_key: key });
    const again = await sign(token, customer.id, { idempotency_key: key });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());

    const other = await customerInLounge(5);
    const { offer } = await state(other.token, other.customer.id);
    const burstKey = randomUUID();
    const payload = (key: string) => ({
      idempotency_key: key,
      reference: offer.reference,
      mandate_text: offer.mandate_text,
      debtor_name: 'Lena Brunner',
      debtor_iban: IBANS[1],
      password: TEST_PASSWORD,
    });
    const post = (key: string) =>
      ctx.request({ method: 'POST', url: url(other.customer.id), token: other.token, payload: payload(key) });
    const sameKey = await Promise.all([post(burstKey), post(burstKey)]);
    expect(sameKey.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    // Two different taps on the same text: the second finds the reference taken and signs nothing.
    const twoKeys = await Promise.all([post(randomUUID()), post(randomUUID())]);
    expect(twoKeys.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(twoKeys[0].json().error).toBe(
      'Der Text des Mandats hat sich inzwischen geändert. Bitte lies ihn noch einmal und unterschreibe dann erneut.',
    );
    const rows = await mandatesOf(other.customer.id);
    expect(rows).toHaveLength(1);
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.customerId, other.customer.id));
    expect(mails.filter((m) => m.template === 'mandate-signed')).toHaveLength(1);
  });

  it('replaces the active mandate (paper or online) in one step, and one stays active under a burst', async () => {
    const { customer, token } = await customerInLounge(6);
    const paper = await ctx.request({
      method: 'POST',
      url: `/api/customers/${customer.id}/mandates`,
      token: owner,
      payload: { signed_on: addDays(todayVienna(), -20), debtor_name: 'Lena Brunner', debtor_iban: IBANS[2] },
    });
    expect(paper.statusCode, paper.body).toBe(201);
    const first = await sign(token, customer.id, { debtor_iban: IBANS[0] });
    expect(first.json().replaced_reference).toBe(paper.json().reference);
    const second = await sign(token, customer.id, { debtor_iban: IBANS[3] });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().replaced_reference).toBe(first.json().mandate.reference);

    const rows = await mandatesOf(customer.id);
    expect(rows.map((m) => [m.reference, m.status])).toEqual([
      [paper.json().reference, 'revoked'],
      [first.json().mandate.reference, 'revoked'],
      [second.json().mandate.reference, 'active'],
    ]);
    expect(rows[1].statusReason).toBe(
      `Ersetzt durch das online unterschriebene Mandat ${second.json().mandate.reference}`,
    );
    expect((await state(token, customer.id)).active).toMatchObject({
      reference: second.json().mandate.reference,
      account: `AT...${IBANS[3].slice(-4)}`,
    });

    // Two signings of the same freshly read text at once: the first replaces, the second signs nothing.
    const burst = await Promise.all([
      sign(token, customer.id, { debtor_iban: IBANS[1] }),
      sign(token, customer.id, { debtor_iban: IBANS[2] }),
    ]);
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const active = (await mandatesOf(customer.id)).filter((m) => m.status === 'active');
    expect(active).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('refuses a wrong password, a wrong IBAN and a text other than the one shown, storing nothing', async () => {
    const { customer, token } = await customerInLounge(10);
    const wrong = await sign(token, customer.id, { password: 'nicht-mein-passwort' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.password).toBe('Das Passwort stimmt nicht. Bitte versuche es noch einmal.');
    const iban = await sign(token, customer.id, { debtor_iban: 'AT48 3200 0000 1234 5865' });
    expect(iban.statusCode).toBe(400);
    expect(iban.json().details.debtor_iban).toBe('Die IBAN ist ungültig (Prüfziffer oder Länge stimmt nicht)');
    const { offer } = await state(token, customer.id);
    const edited = await sign(token, customer.id, {
      mandate_text: offer.mandate_text.replace('acht Wochen', 'einem Tag'),
    });
    expect(edited.statusCode).toBe(409);
    expect(await mandatesOf(customer.id)).toEqual([]);
  });

  it('refuses while direct debit is not set up (no Gläubiger-ID)', async () => {
    const { customer, token } = await customerInLounge(11);
    const { offer } = await state(token, customer.id);
    await ctx.db.update(directDebitSettings).set({ creditorId: '' });
    try {
      const shown = await state(token, customer.id);
      expect(shown).toMatchObject({ ready: false, offer: null });
      const res = await ctx.request({
        method: 'POST',
        url: url(customer.id),
        token,
        payload: {
          idempotency_key: randomUUID(),
          reference: offer.reference,
          mandate_text: offer.mandate_text,
          debtor_name: 'Lena Brunner',
          debtor_iban: IBANS[0],
          password: TEST_PASSWORD,
        },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(
        'Die Zahlung per Lastschrift ist derzeit nicht eingerichtet. Bitte melde dich bei deinem BUTLER.',
      );
    } finally {
      await ctx.db.update(directDebitSettings).set({ creditorId: 'AT88ZZZ00000000001' });
    }
    expect(await mandatesOf(customer.id)).toEqual([]);
  });

  it('refuses a deactivated customer', async () => {
    const { customer, token } = await customerInLounge(12);
    const { offer } = await state(token, customer.id);
    await ctx.db.update(customers).set({ isActive: false }).where(eq(customers.id, customer.id));
    const res = await ctx.request({
      method: 'POST',
      url: url(customer.id),
      token,
      payload: {
        idempotency_key: randomUUID(),
        reference: offer.reference,
        mandate_text: offer.mandate_text,
        debtor_name: 'Lena Brunner',
        debtor_iban: IBANS[0],
        password: TEST_PASSWORD,
      },
    });
    // Deactivation ends the customer's sessions: the lounge asks to sign in again.
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(NOT_SIGNED_IN);
    expect(await mandatesOf(customer.id)).toEqual([]);
  });

  it('allows a few tries a day and holds the limit under a burst', async () => {
    const { customer, token } = await customerInLounge(13);
    const { offer } = await state(token, customer.id);
    const tamper = () =>
      ctx.request({
        method: 'POST',
        url: url(customer.id),
        token,
        payload: {
          idempotency_key: randomUUID(),
          reference: offer.reference,
          mandate_text: `${offer.mandate_text} `,
          debtor_name: 'Lena Brunner',
          debtor_iban: IBANS[0],
          password: TEST_PASSWORD,
        },
      });
    const burst = await Promise.all(Array.from({ length: 7 }, tamper));
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes).toEqual([409, 409, 409, 409, 409, 429, 429]);
    const limited = burst.find((r) => r.statusCode === 429)!;
    expect(limited.json().error).toBe(
      'Du hast heute schon zu oft versucht, ein Mandat einzurichten. Bitte versuche es morgen wieder.',
    );
    expect((await sign(token, customer.id)).statusCode).toBe(429);
    expect(await mandatesOf(customer.id)).toEqual([]);
  });

  it('lets a customer reach only their own mandate, and staff none of these routes', async () => {
    const a = await customerInLounge(14);
    const b = await customerInLounge(15);
    expect((await ctx.request({ method: 'GET', url: url(b.customer.id), token: a.token })).statusCode).toBe(403);
    expect((await sign(a.token, a.customer.id)).statusCode).toBe(201);
    const foreign = await ctx.request({ method: 'GET', url: `${url(a.customer.id)}/copy`, token: b.token });
    expect(foreign.statusCode).toBe(403);
    const revoke = await ctx.request({
      method: 'POST',
      url: `${url(a.customer.id)}/revoke`,
      token: b.token,
      payload: {},
    });
    expect(revoke.statusCode).toBe(403);
    const staff = await ctx.request({ method: 'GET', url: url(a.customer.id), token: owner });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error).toBe('Das kann nur der Kunde selbst');
    expect((await mandatesOf(a.customer.id)).filter((m) => m.status === 'active')).toHaveLength(1);
  });
});

describe('Lastschrift widerrufen in the lounge', () => {
  it('ends future collections, leaves announced invoices to transfer and tells staff', async () => {
    const { customer, subscription, token } = await customerInLounge(20);
    const signed = (await sign(token, customer.id)).json();
    const { invoice } = await issuedSubscriptionInvoice(ctx, owner, customer.id, subscription.id);
    expect((await state(token, customer.id)).announced_invoices).toBe(1);

    const res = await ctx.request({
      method: 'POST',
      url: `${url(customer.id)}/revoke`,
      token,
      payload: { reason: 'Neue Bank' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ active: null, announced_invoices: 0 });
    const [mandate] = await mandatesOf(customer.id);
    expect(mandate).toMatchObject({ status: 'revoked', statusReason: 'In der Kundenlounge widerrufen: Neue Bank' });

    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'mandate-revoked'), eq(mailOutbox.entityId, signed.mandate.id)));
    expect(mail.toAddress).toBe(OWNER_MAIL);
    expect(mail.subject).toBe(`Mandat widerrufen: Lena20 Brunner (${signed.mandate.reference})`);
    expect(mail.textBody).toContain('Grund: Neue Bank');
    expect(mail.textBody).toContain(invoice.invoiceNumber!);
    expect(mail.mentionedCustomerIds).toEqual([customer.id]);

    const due = await ctx.request({ method: 'GET', url: '/api/direct-debit/due', token: owner });
    const item = due.json().items.find((i: { invoice_id: number }) => i.invoice_id === invoice.id);
    expect(item.blocked).toBe('Kein aktives SEPA-Mandat');
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mandate_revoke_online'), eq(auditLog.entityId, String(signed.mandate.id))));
    expect(audit).toHaveLength(1);

    const again = await ctx.request({ method: 'POST', url: `${url(customer.id)}/revoke`, token, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Du hast kein aktives Mandat, das du widerrufen könntest.');
  });
});
