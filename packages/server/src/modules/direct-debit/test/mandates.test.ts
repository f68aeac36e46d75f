import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../../test/access-matrix.js';
import { configureDirectDebit, IBANS, SEPA_SETTINGS } from '../../../../test/direct-debit-fixtures.js';
import { buildCustomer } from '../../../../test/factories.js';
import { pdfText } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { addDays, addMonths } from '../../../domain/calendar.js';
import { todayVienna } from '../../../lib/clock.js';

let ctx: TestContext;
let actors: Actors;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  admin = actors.tokens.admin!;
  await configureDirectDebit(ctx, admin);
});

const put = (payload: Record<string, unknown>) =>
  ctx.request({
    method: 'PUT',
    url: '/api/direct-debit/settings',
    token: admin,
    payload: { ...SEPA_SETTINGS, ...payload },
  });

describe('direct-debit settings', () => {
  it('keep a checked creditor ID and collection account and say when runs can be written', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/direct-debit/settings', token: admin });
    expect(res.json()).toEqual({
      creditor_id: 'AT88ZZZ00000000001',
      collection_iban: 'AT611904300234573201',
      collection_bic: 'BKAUATWW',
      pre_notification_days: 14,
      shorter_period_agreed: false,
      pain_version: '001.08',
      ready: true,
    });
  });

  it('refuse wrong check digits, a wrong IBAN and fewer than 14 days without agreement, in German, changing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ creditor_id: 'AT89ZZZ00000000001' }, 'creditor_id', 'Die Prüfziffern der Gläubiger-ID stimmen nicht'],
      [
        { collection_iban: 'AT62 1904 3002 3457 3201' },
        'collection_iban',
        'Die IBAN des Einzugskontos ist ungültig (Prüfziffer oder Länge stimmt nicht)',
      ],
      [{ collection_bic: 'TEST12345' }, 'collection_bic', 'Der BIC ist ungültig (8 oder 11 Zeichen, z. B. BKAUATWW)'],
      [
        { pre_notification_days: 5 },
        'pre_notification_days',
        'Weniger als 14 Tage nur, wenn mit den Kunden eine kürzere Frist vereinbart ist',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details[field]).toBe(message);
    }
    const after = await ctx.request({ method: 'GET', url: '/api/direct-debit/settings', token: admin });
    expect(after.json().creditor_id).toBe('AT88ZZZ00000000001');
    expect(after.json().pre_notification_days).toBe(14);
  });

  it('allow a shorter period once agreed', async () => {
    const res = await put({ pre_notification_days: 5, shorter_period_agreed: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pre_notification_days).toBe(5);
    await put({});
  });

  it('are for staff only', async () => {
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: '/api/direct-debit/settings' },
      { customerA: 403, customerB: 403, admin: 200 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'PUT', url: '/api/direct-debit/settings', payload: SEPA_SETTINGS },
      { customerA: 403, customerB: 403, admin: 200 },
    );
  });
});

describe('mandates', () => {
  const create = (customerId: number, payload: Record<string, unknown>) =>
    ctx.request({ method: 'POST', url: `/api/customers/${customerId}/mandates`, token: admin, payload });
  const base = () => ({ signed_on: addDays(todayVienna(), -3), debtor_name: 'Jürgen Größl', debtor_iban: IBANS[0] });

  it('get a proposed reference, start active with FRST next and expire 36 months after signature', async () => {
    const customer = await buildCustomer(ctx.db);
    const suggestion = await ctx.request({
      method: 'GET',
      url: `/api/customers/${customer.id}/mandates/suggestion`,
      token: admin,
    });
    const reference = `K${String(customer.id).padStart(4, '0')}-1`;
    expect(suggestion.json()).toEqual({ reference });
    const res = await create(customer.id, base());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      reference,
      status: 'active',
      next_sequence: 'FRST',
      scheme: 'CORE',
      debtor_iban: IBANS[0],
      expires_on: addMonths(addDays(todayVienna(), -3), 36),
    });
  });

  it("leave the customer's account in the Protokoll only as country and last four digits (decision 0692)", async () => {
    const customer = await buildCustomer(ctx.db);
    const res = await create(customer.id, base());
    expect(res.statusCode, res.body).toBe(201);
    const log = await ctx.request({
      method: 'GET',
      url: `/api/audit?customer_id=${customer.id}&entity=sepa_mandate`,
      token: admin,
    });
    const iban = IBANS[0].replaceAll(' ', '');
    const field = log.json().items[0].changes.find((c: { field: string }) => c.field === 'debtorIban');
    expect(field).toMatchObject({ before: null, after: `${iban.slice(0, 2)}...${iban.slice(-4)}` });
    expect(log.body).not.toContain(iban);
    const csv = await ctx.request({
      method: 'GET',
      url: `/api/audit/export.csv?customer_id=${customer.id}`,
      token: admin,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(`${iban.slice(0, 2)}...${iban.slice(-4)}`);
    expect(csv.body).not.toContain(iban);
  });

  it('refuse a reference outside the SEPA set, a future signature, a wrong IBAN', async () => {
    const customer = await buildCustomer(ctx.db);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { reference: 'Müller/1' },
        'reference',
        "Die Mandatsreferenz darf nur Buchstaben A–Z, Ziffern, Leerzeichen und / - ? : ( ) . , ' + enthalten (keine Umlaute)",
      ],
      [{ reference: 'A//1' }, 'reference', 'Die Mandatsreferenz darf kein „//“ enthalten'],
      [{ reference: 'X'.repeat(36) }, 'reference', 'Die Mandatsreferenz darf höchstens 35 Zeichen lang sein'],
      [
        { signed_on: addDays(todayVienna(), 1) },
        'signed_on',
        'Das Unterschriftsdatum darf nicht in der Zukunft liegen',
      ],
      [
        { debtor_iban: 'AT48 3200 0000 1234 5865' },
        'debtor_iban',
        'Die IBAN ist ungültig (Prüfziffer oder Länge stimmt nicht)',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await create(customer.id, { ...base(), ...payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details[field]).toBe(message);
    }
    const list = await ctx.request({ method: 'GET', url: `/api/customers/${customer.id}/mandates`, token: admin });
    expect(list.json()).toEqual([]);
  });

  it('keep references unique (case-insensitive) and one active mandate per customer, also in parallel bursts', async () => {
    const customers = await Promise.all([1, 2, 3, 4].map(() => buildCustomer(ctx.db)));
    const sameReference = await Promise.all(customers.map((c) => create(c.id, { ...base(), reference: 'BURST-1' })));
    expect(sameReference.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
    expect(sameReference.find((r) => r.statusCode === 400)!.json().details.reference).toBe(
      'Die Mandatsreferenz BURST-1 ist bereits vergeben',
    );
    // Case-insensitive, for a customer without a mandate (the winner above already has one).
    const fresh = await buildCustomer(ctx.db);
    expect((await create(fresh.id, { ...base(), reference: 'burst-1' })).statusCode).toBe(400);

    const one = await buildCustomer(ctx.db);
    const burst = await Promise.all([1, 2, 3, 4, 5].map((n) => create(one.id, { ...base(), reference: `ONE-${n}` })));
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const refused of burst.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatch(/^Für diesen Kunden gibt es bereits ein aktives Mandat/);
    }
  });

  it('are revoked with a reason, after which a new one may be recorded', async () => {
    const customer = await buildCustomer(ctx.db);
    const first = (await create(customer.id, base())).json();
    const revoked = await ctx.request({
      method: 'POST',
      url: `/api/mandates/${first.id}/revoke`,
      token: admin,
      payload: { reason: 'Kunde zahlt künftig per Überweisung' },
    });
    expect(revoked.json()).toMatchObject({
      status: 'revoked',
      status_reason: 'Kunde zahlt künftig per Überweisung',
      expires_on: null,
    });
    const again = await ctx.request({
      method: 'POST',
      url: `/api/mandates/${first.id}/revoke`,
      token: admin,
      payload: { reason: 'x' },
    });
    expect(again.statusCode).toBe(409);
    expect((await create(customer.id, base())).statusCode).toBe(201);
  });

  it('lapse after 36 months without a collection, and a new one replaces the lapsed one', async () => {
    const customer = await buildCustomer(ctx.db);
    const old = await create(customer.id, { ...base(), signed_on: addDays(addMonths(todayVienna(), -36), -1) });
    expect(old.json()).toMatchObject({ status: 'expired', status_reason: '36 Monate ohne Einzug', expires_on: null });
    expect((await create(customer.id, base())).statusCode).toBe(201);
    const list = (
      await ctx.request({ method: 'GET', url: `/api/customers/${customer.id}/mandates`, token: admin })
    ).json();
    expect(list.map((m: { status: string }) => m.status)).toEqual(['expired', 'active']);
  });

  it('print the form to sign: creditor ID, reference, the Core text, the customer', async () => {
    const customer = await buildCustomer(ctx.db, {
      firstName: 'Maria',
      lastName: 'Gruber',
      street: 'Gasse 3',
      postalCode: '8010',
      city: 'Graz',
    });
    const blank = await ctx.request({ method: 'GET', url: `/api/customers/${customer.id}/mandate-form`, token: admin });
    expect(blank.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(blank.rawPayload);
    expect(text).toContain('SEPA-Lastschrift-Mandat');
    expect(text).toContain('AT88ZZZ00000000001');
    expect(text).toContain(`K${String(customer.id).padStart(4, '0')}-1`);
    expect(text).toContain('Ich ermächtige / Wir ermächtigen Mein BUTLER e.U.');
    expect(text).toContain('innerhalb von acht Wochen');
    expect(text).toContain('Maria Gruber');
    const b2b = await ctx.request({
      method: 'GET',
      url: `/api/customers/${customer.id}/mandate-form?scheme=B2B&reference=FIRMA-7`,
      token: admin,
    });
    const b2bText = await pdfText(b2b.rawPayload);
    expect(b2bText).toContain('SEPA-Firmenlastschrift-Mandat');
    expect(b2bText).toContain('FIRMA-7');
    expect(b2bText).toContain('nicht berechtigt, nach der erfolgten Einlösung eine Erstattung');
    const created = (await create(customer.id, { ...base(), debtor_iban: IBANS[1] })).json();
    const filled = await pdfText(
      (await ctx.request({ method: 'GET', url: `/api/mandates/${created.id}/form`, token: admin })).rawPayload,
    );
    expect(filled).toContain('AT02 2050 3033 0064 6365');
  });

  it('are for staff only', async () => {
    const id = actors.customerA.id;
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/customers/${id}/mandates` },
      { customerA: 403, customerB: 403, admin: 200 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/customers/${id}/mandate-form` },
      { customerA: 403, customerB: 403, admin: 200 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: `/api/customers/${id}/mandates`, payload: { ...base(), reference: 'ACCESS-1' } },
      { customerA: 403, customerB: 403, admin: 201 },
    );
  });
});
