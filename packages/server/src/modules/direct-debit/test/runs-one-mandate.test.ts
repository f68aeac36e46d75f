import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  configureDirectDebit,
  customerWithMandate,
  issuedSubscriptionInvoice,
} from '../../../../test/direct-debit-fixtures.js';
import { buildAdmin, TEST_PASSWORD } from '../../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { sepaMandates } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { nextTargetDay } from '../../../domain/target-calendar.js';
import { todayVienna } from '../../../lib/clock.js';
import { schemaErrors } from '../../../lib/iso20022-schema.js';
import { pain008Problems } from '../pain008/pain008-checks.js';

/**
 * The sequence-type rule the writer, the file check and the run page share (decision 0721),
 * and a run page that never offers what the check refuses, naming invoices in words (0722).
 */
let ctx: TestContext;
let admin: string;
let collectionDate: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await buildAdmin(ctx.db);
  admin = await ctx.login('admin', staff.username, TEST_PASSWORD);
  await configureDirectDebit(ctx, admin);
  collectionDate = nextTargetDay(addDays(todayVienna(), 14));
});

const due = async () =>
  (
    await ctx.request({ method: 'GET', url: `/api/direct-debit/due?collection_date=${collectionDate}`, token: admin })
  ).json();
const createRun = (invoiceIds: number[]) =>
  ctx.request({
    method: 'POST',
    url: '/api/direct-debit/runs',
    token: admin,
    payload: { collection_date: collectionDate, invoice_ids: invoiceIds },
  });
const fileOf = async (runId: number) =>
  (await ctx.request({ method: 'GET', url: `/api/direct-debit/runs/${runId}/file`, token: admin })).body;

describe('two invoices of one new mandate', () => {
  it('go into one run as RCUR, and the file passes the XSD and the portal’s own check', async () => {
    const c = await customerWithMandate(ctx, admin, 1);
    const first = (await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id)).invoice;
    const second = (await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id)).invoice;
    const list = await due();
    for (const id of [first.id, second.id]) {
      expect(list.items.find((i: { invoice_id: number }) => i.invoice_id === id)).toMatchObject({ blocked: null });
    }
    expect(list.file_problem).toBeNull();

    const res = await createRun([first.id, second.id]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items.map((i: { sequence_type: string }) => i.sequence_type)).toEqual(['RCUR', 'RCUR']);
    const xml = await fileOf(res.json().id);
    expect(await schemaErrors(xml, 'pain.008.001.08')).toEqual([]);
    expect(pain008Problems(xml)).toEqual([]);
    expect(xml).not.toContain('<SeqTp>FRST</SeqTp>');
    expect(xml.match(/<MndtId>[^<]+<\/MndtId>/g)).toEqual([
      `<MndtId>K${String(c.customer.id).padStart(4, '0')}-1</MndtId>`,
      `<MndtId>K${String(c.customer.id).padStart(4, '0')}-1</MndtId>`,
    ]);
  });

  it('beside another new mandate with one invoice, which stays FRST, also as pain.008.001.02', async () => {
    await configureDirectDebit(ctx, admin, { pain_version: '001.02' });
    const a = await customerWithMandate(ctx, admin, 2);
    const b = await customerWithMandate(ctx, admin, 3);
    const ids = [
      (await issuedSubscriptionInvoice(ctx, admin, a.customer.id, a.subscription.id)).invoice.id,
      (await issuedSubscriptionInvoice(ctx, admin, a.customer.id, a.subscription.id)).invoice.id,
      (await issuedSubscriptionInvoice(ctx, admin, b.customer.id, b.subscription.id)).invoice.id,
    ];
    const res = await createRun(ids);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items.map((i: { invoice_id: number; sequence_type: string }) => i.sequence_type)).toEqual([
      'RCUR',
      'RCUR',
      'FRST',
    ]);
    const xml = await fileOf(res.json().id);
    expect(await schemaErrors(xml, 'pain.008.001.02')).toEqual([]);
    expect(pain008Problems(xml)).toEqual([]);
    await configureDirectDebit(ctx, admin);
  });
});

describe('an invoice the file check would refuse', () => {
  it('is not offered for the run, and a run with it is refused naming the invoice and customer, not a line', async () => {
    const good = await customerWithMandate(ctx, admin, 4);
    const broken = await customerWithMandate(ctx, admin, 5);
    const fine = (await issuedSubscriptionInvoice(ctx, admin, good.customer.id, good.subscription.id)).invoice;
    const refused = (await issuedSubscriptionInvoice(ctx, admin, broken.customer.id, broken.subscription.id)).invoice;
    // A mandate kept from before IBANs were checked: wrong check digits.
    await ctx.db
      .update(sepaMandates)
      .set({ debtorIban: 'AT000000000012345678' })
      .where(eq(sepaMandates.id, broken.mandateId!));

    const list = await due();
    const item = (id: number) => list.items.find((i: { invoice_id: number }) => i.invoice_id === id);
    expect(item(fine.id).blocked).toBeNull();
    expect(item(refused.id).blocked).toBe(
      'Die Bank-Datei würde diese Rechnung ablehnen: Schuldner-IBAN „AT000000000012345678“ ist ungültig',
    );

    const res = await createRun([fine.id, refused.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      `Die Lastschrift-Datei besteht die Prüfung nicht. Rechnung ${refused.invoiceNumber} (Kunde5 Größl): Schuldner-IBAN „AT000000000012345678“ ist ungültig. Bitte nehmen Sie die genannten Rechnungen aus dem Lauf oder korrigieren Sie ihr Mandat.`,
    );
    expect(res.json().error).not.toMatch(/Zeile/);
    expect((await createRun([fine.id])).statusCode).toBe(201);
  });
});
