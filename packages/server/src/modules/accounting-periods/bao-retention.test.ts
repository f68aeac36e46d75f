import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importOk } from '../../../test/bank-import-helpers.js';
import { configureDirectDebit, customerWithMandate } from '../../../test/direct-debit-fixtures.js';
import { createDraft } from '../../../test/quickbill-helpers.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog, bankEntries, invoices, payments, sepaMandates } from '../../db/schema/index.js';
import { todayVienna } from '../../lib/clock.js';
import { camt053 } from '../bank-import/camt/camt-writer.js';
import { PERSONAL_AUDIT_FIELDS } from '../privacy/erasure.service.js';

/**
 * § 132 BAO (decision 0821): issued documents, payments and the trail of money are kept
 * seven years after the end of their calendar year, also when the customer is deleted or
 * erased. Payments, SEPA mandates and bank entries outlive the customer, without the link;
 * an erasure keeps the money rows of the Protokoll without the personal fields.
 */
let ctx: TestContext;
let owner: StaffMember;
const ONE_LINE = [{ description: 'Betreuung', quantity: 1, unit: 'h', unit_price: 100, tax_rate: 20 }];

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await staffMember(ctx, 'owner', 'Olga Inhaber');
  await configureDirectDebit(ctx, owner.token);
});

/** A customer with a mandate and an invoice paid by a bank transfer from the statement. */
async function customerWithMoney(n: number) {
  const { customer, mandateId } = await customerWithMandate(ctx, owner.token, n);
  const draft = await createDraft(ctx, owner.token, customer.id, { invoice_date: todayVienna(), items: ONE_LINE });
  expect((await as(ctx, owner.token).post(`/api/quickbill/invoices/${draft.id}/send`)).statusCode).toBe(200);
  const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, draft.id));
  await importOk(
    ctx,
    owner.token,
    `auszug-${n}.xml`,
    camt053(`AUSZUG-${n}`, [
      [
        {
          direction: 'CRDT',
          date: todayVienna(),
          bankRef: `GUTSCHRIFT-${n}`,
          txs: [
            {
              cents: 12000n,
              name: `${customer.firstName} ${customer.lastName}`,
              iban: 'AT483200000012345864',
              reference: invoice.paymentReference!,
            },
          ],
        },
      ],
    ]),
  );
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
  const [entry] = await ctx.db.select().from(bankEntries).where(eq(bankEntries.paymentId, payment.id));
  const [mandate] = await ctx.db.select().from(sepaMandates).where(eq(sepaMandates.id, mandateId!));
  expect(mandate.status).toBe('active');
  return { customer, invoice, payment, entry, mandate };
}

async function expectKept(money: Awaited<ReturnType<typeof customerWithMoney>>, reason: string) {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, money.payment.id));
  expect(payment).toEqual({ ...money.payment, customerId: null });
  const [mandate] = await ctx.db.select().from(sepaMandates).where(eq(sepaMandates.id, money.mandate.id));
  // The mandate proves the collections: kept with its debtor, revoked so it never collects again.
  expect(mandate).toMatchObject({
    customerId: null,
    reference: money.mandate.reference,
    debtorName: money.mandate.debtorName,
    debtorIban: money.mandate.debtorIban,
    signedOn: money.mandate.signedOn,
    status: 'revoked',
    statusReason: reason,
  });
  const [entry] = await ctx.db.select().from(bankEntries).where(eq(bankEntries.id, money.entry.id));
  expect(entry).toEqual(money.entry);
  const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, money.invoice.id));
  expect(invoice).toMatchObject({ customerId: null, customerName: money.invoice.customerName, status: 'paid' });
}

describe('§ 132 BAO: money outlives the customer (decision 0821)', () => {
  it('deleting a customer keeps their payments, mandate and bank entries', async () => {
    const money = await customerWithMoney(1);
    const res = await as(ctx, owner.token).delete(`/api/customers/${money.customer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    await expectKept(money, 'Kunde gelöscht');
  });

  it('erasing a customer keeps them too, and the trail of money without personal fields', async () => {
    const money = await customerWithMoney(2);
    const fullName = `${money.customer.firstName} ${money.customer.lastName}`;
    const res = await as(ctx, owner.token).post(`/api/customers/${money.customer.id}/erasure`, {
      confirmation: fullName,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectKept(money, 'Kunde gelöscht (DSGVO)');

    const trail = await ctx.db.select().from(auditLog).where(eq(auditLog.customerId, money.customer.id));
    const paymentRow = trail.find(
      (row) => row.action === 'payment' && row.entity === 'invoice' && row.entityId === String(money.invoice.id),
    );
    expect(paymentRow?.changes).toMatchObject({ status: { before: 'sent', after: 'paid' } });
    const mandateRows = trail.filter((row) => row.entity === 'sepa_mandate');
    expect(mandateRows.length).toBeGreaterThan(0);
    const kept = trail.filter((row) => row.changes !== null && row.action !== 'erase');
    for (const row of kept) {
      for (const field of PERSONAL_AUDIT_FIELDS)
        expect(row.changes ?? {}, `${row.action} ${field}`).not.toHaveProperty(field);
    }
    expect(JSON.stringify(trail)).not.toContain(money.customer.lastName);
    expect(JSON.stringify(trail)).not.toContain(money.customer.email);
    const all = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), inArray(auditLog.entityId, [String(money.invoice.id)])));
    expect(all.map((row) => row.action)).toEqual(expect.arrayContaining(['send', 'payment']));
  });
});
