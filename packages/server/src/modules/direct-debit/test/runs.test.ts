import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../../test/access-matrix.js';
import {
  configureDirectDebit,
  customerWithMandate,
  IBANS,
  issuedSubscriptionInvoice,
} from '../../../../test/direct-debit-fixtures.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { directDebitItems, sepaMandates } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { earliestCollectionDate, latestCollectionDate } from '../../../domain/collection-dates.js';
import { nextTargetDay } from '../../../domain/target-calendar.js';
import { todayVienna } from '../../../lib/clock.js';
import { schemaErrors } from '../../../lib/iso20022-schema.js';
import { pain008Problems } from '../pain008/pain008-checks.js';

let ctx: TestContext;
let actors: Actors;
let admin: string;
/** The first day every test invoice (announced today + 14, moved to a TARGET day) may be collected. */
let collectionDate: string;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  admin = actors.tokens.admin!;
  await configureDirectDebit(ctx, admin);
  collectionDate = nextTargetDay(addDays(todayVienna(), 14));
});

const createRun = (invoiceIds: number[], date = collectionDate) =>
  ctx.request({
    method: 'POST',
    url: '/api/direct-debit/runs',
    token: admin,
    payload: { collection_date: date, invoice_ids: invoiceIds },
  });

describe('due invoices and the pre-notification', () => {
  it('announce a ButlerPaket invoice of a customer with a mandate for the first TARGET day 14 days on', async () => {
    const { customer, subscription } = await customerWithMandate(ctx, admin, 1);
    const { invoice, collection } = await issuedSubscriptionInvoice(ctx, admin, customer.id, subscription.id);
    expect(collection).toMatchObject({
      announcedOn: collectionDate,
      amount: invoice.totalGross,
      creditorId: 'AT88ZZZ00000000001',
    });
    const due = (
      await ctx.request({ method: 'GET', url: `/api/direct-debit/due?collection_date=${collectionDate}`, token: admin })
    ).json();
    expect(due.earliest_date).toBe(earliestCollectionDate(todayVienna()));
    expect(due.latest_date).toBe(latestCollectionDate(todayVienna()));
    expect(due.items).toContainEqual(
      expect.objectContaining({
        invoice_id: invoice.id,
        amount: 613.57,
        sequence_type: 'FRST',
        blocked: null,
        announced_on: collectionDate,
      }),
    );
    const early = (
      await ctx.request({
        method: 'GET',
        url: `/api/direct-debit/due?collection_date=${earliestCollectionDate(todayVienna())}`,
        token: admin,
      })
    ).json();
    expect(early.items.find((i: { invoice_id: number }) => i.invoice_id === invoice.id).blocked).toMatch(
      /^Angekündigt für den \d\d\.\d\d\.\d{4}: frühestens dann einziehbar$/,
    );
  });

  it('leave out customers without a mandate', async () => {
    const { customer, subscription } = await customerWithMandate(ctx, admin, 2, false);
    const { collection } = await issuedSubscriptionInvoice(ctx, admin, customer.id, subscription.id);
    expect(collection).toBeNull();
  });
});

describe('runs', () => {
  it('write a pain.008.001.08 that validates, FRST first and RCUR after, stored with its hash', async () => {
    const a = await customerWithMandate(ctx, admin, 3);
    const b = await customerWithMandate(ctx, admin, 4);
    const invoiceA = (await issuedSubscriptionInvoice(ctx, admin, a.customer.id, a.subscription.id)).invoice;
    const invoiceB = (await issuedSubscriptionInvoice(ctx, admin, b.customer.id, b.subscription.id)).invoice;
    const res = await createRun([invoiceA.id, invoiceB.id]);
    expect(res.statusCode, res.body).toBe(201);
    const run = res.json();
    expect(run).toMatchObject({
      status: 'submitted',
      item_count: 2,
      total: 1227.14,
      collection_date: collectionDate,
      pain_version: '001.08',
    });
    expect(run.items.map((i: { sequence_type: string; state: string }) => [i.sequence_type, i.state])).toEqual([
      ['FRST', 'submitted'],
      ['FRST', 'submitted'],
    ]);
    expect(run.items[0].end_to_end_id).toBe(`${invoiceA.invoiceNumber}-L${run.id}`);

    const file = await ctx.request({ method: 'GET', url: `/api/direct-debit/runs/${run.id}/file`, token: admin });
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Lastschriften-${collectionDate}-${run.id}.xml"`,
    );
    const xml = file.body;
    expect(await schemaErrors(xml, 'pain.008.001.08')).toEqual([]);
    expect(pain008Problems(xml)).toEqual([]);
    expect(xml).toContain(`<MsgId>${run.message_id}</MsgId>`);
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>\n      <CtrlSum>1227.14</CtrlSum>');
    expect(xml).toContain('<Nm>Kunde3 Groessl</Nm>');
    expect(xml).toContain(`<ReqdColltnDt>${collectionDate}</ReqdColltnDt>`);
    expect(xml).toContain('<Id>AT88ZZZ00000000001</Id>');
    const { createHash } = await import('node:crypto');
    expect(run.sha256).toBe(createHash('sha256').update(file.rawPayload).digest('hex'));

    // The mandates were used: the next collection on them is RCUR, the 36-month clock restarted.
    const [mandate] = await ctx.db.select().from(sepaMandates).where(eq(sepaMandates.id, a.mandateId!));
    expect(mandate.lastCollectionOn).toBe(collectionDate);
    const next = (await issuedSubscriptionInvoice(ctx, admin, a.customer.id, a.subscription.id)).invoice;
    const second = await createRun([next.id]);
    expect(second.json().items[0].sequence_type).toBe('RCUR');
  });

  it('write pain.008.001.02 when the settings ask for it', async () => {
    await configureDirectDebit(ctx, admin, { pain_version: '001.02' });
    const c = await customerWithMandate(ctx, admin, 5);
    const invoice = (await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id)).invoice;
    const run = (await createRun([invoice.id])).json();
    const xml = (await ctx.request({ method: 'GET', url: `/api/direct-debit/runs/${run.id}/file`, token: admin })).body;
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
    expect(await schemaErrors(xml, 'pain.008.001.02')).toEqual([]);
    expect(pain008Problems(xml)).toEqual([]);
    await configureDirectDebit(ctx, admin);
  });

  it('never collect an invoice twice, also when runs are written at the same moment', async () => {
    const customers = await Promise.all([6, 7, 8].map((n) => customerWithMandate(ctx, admin, n)));
    const ids: number[] = [];
    for (const c of customers)
      ids.push((await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id)).invoice.id);
    const burst = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => createRun(n % 2 ? ids : [ids[n % 3]])));
    const created = burst.filter((r) => r.statusCode === 201);
    for (const refused of burst.filter((r) => r.statusCode !== 201)) expect(refused.statusCode, refused.body).toBe(409);
    const collected = created.flatMap((r) => r.json().items.map((i: { invoice_id: number }) => i.invoice_id));
    expect(collected.sort()).toEqual([...new Set(collected)].sort());
    const rows = await ctx.db.select().from(directDebitItems);
    for (const id of ids) expect(rows.filter((r) => r.invoiceId === id && r.state === 'submitted')).toHaveLength(1);
    const again = await createRun([ids[0]]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(
      /ist nicht zum Einzug offen \(bezahlt, storniert oder bereits in einem Lastschrift-Lauf\)$/,
    );
  });

  it('are discarded when the file never reached the bank, and the invoices are due again', async () => {
    const c = await customerWithMandate(ctx, admin, 9);
    const invoice = (await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id)).invoice;
    const run = (await createRun([invoice.id])).json();
    const discarded = await ctx.request({
      method: 'POST',
      url: `/api/direct-debit/runs/${run.id}/discard`,
      token: admin,
    });
    expect(discarded.json()).toMatchObject({
      status: 'discarded',
      items: [expect.objectContaining({ state: 'discarded' })],
    });
    const [mandate] = await ctx.db.select().from(sepaMandates).where(eq(sepaMandates.id, c.mandateId!));
    expect(mandate.lastCollectionOn).toBeNull();
    const rerun = await createRun([invoice.id]);
    expect(rerun.statusCode).toBe(201);
    expect(rerun.json().items[0].sequence_type).toBe('FRST');
    expect(
      (await ctx.request({ method: 'POST', url: `/api/direct-debit/runs/${run.id}/discard`, token: admin })).statusCode,
    ).toBe(409);
  });

  it('refuse dates that are no TARGET day, too early or too far ahead, in German', async () => {
    const c = await customerWithMandate(ctx, admin, 10);
    const invoice = (await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id)).invoice;
    let saturday = addDays(todayVienna(), 7);
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    const cases: Array<[string, RegExp]> = [
      [saturday, /ist kein Bankarbeitstag \(Wochenende oder TARGET-Feiertag\)\. Nächster möglicher Tag: /],
      [todayVienna(), /^Die Bank braucht zwei Bankarbeitstage Vorlauf: frühestens am /],
      [
        nextTargetDay(addDays(todayVienna(), 15)),
        /^Eine Lastschrift darf höchstens 14 Tage vor dem Einzugstag eingereicht werden/,
      ],
    ];
    for (const [date, message] of cases) {
      const res = await createRun([invoice.id], date);
      expect(res.statusCode, date).toBe(400);
      expect(res.json().details.collection_date).toMatch(message);
    }
    expect(await ctx.db.select().from(directDebitItems).where(eq(directDebitItems.invoiceId, invoice.id))).toEqual([]);
  });

  it('go into the customer’s data export with the mandate (DSGVO Art. 15)', async () => {
    const c = await customerWithMandate(ctx, admin, 11);
    const invoice = (await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id)).invoice;
    await createRun([invoice.id]);
    const res = await ctx.request({
      method: 'GET',
      url: `/api/customers/${c.customer.id}/data-export.zip`,
      token: admin,
    });
    const zip = await JSZip.loadAsync(res.rawPayload);
    const read = async (name: string) => JSON.parse(await zip.file(`daten/${name}`)!.async('string'));
    expect(await read('sepa-mandate.json')).toEqual([
      expect.objectContaining({
        reference: `K${String(c.customer.id).padStart(4, '0')}-1`,
        debtor_iban: IBANS[11 % IBANS.length],
        status: 'active',
      }),
    ]);
    expect(await read('lastschriften.json')).toEqual([
      expect.objectContaining({ collection_date: collectionDate, amount: '613.57', state: 'submitted' }),
    ]);
  });

  it('list with paging and are for staff only', async () => {
    const list = (
      await ctx.request({ method: 'GET', url: '/api/direct-debit/runs?page=1&page_size=2', token: admin })
    ).json();
    expect(list.items).toHaveLength(2);
    expect(list.total).toBeGreaterThanOrEqual(5);
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: '/api/direct-debit/runs' },
      { customerA: 403, customerB: 403, admin: 200 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: '/api/direct-debit/due' },
      { customerA: 403, customerB: 403, admin: 200 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/direct-debit/runs/${list.items[0].id}/file` },
      { customerA: 403, customerB: 403, admin: 200 },
    );
  });
});
