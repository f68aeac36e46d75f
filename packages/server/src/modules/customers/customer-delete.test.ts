import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildSubscription,
  buildTimeEntry,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import {
  auditLog,
  customers,
  invoices,
  projects,
  sessions,
  timeEntries,
  wikiCategories,
  wikiEntries,
} from '../../db/schema/index.js';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const a = await buildAdmin(ctx.db);
  admin = await ctx.login('admin', a.username, TEST_PASSWORD);
});

describe('DELETE /api/customers/:id', () => {
  it('removes the customer with projects, entries, packages, subscriptions and wiki, keeps invoices', async () => {
    const c = await buildCustomer(ctx.db, { firstName: 'Weg', lastName: 'Damit' });
    const referred = await buildCustomer(ctx.db, { referredById: c.id });
    const other = await buildCustomer(ctx.db);
    const otherProject = await buildProject(ctx.db, other.id);
    await buildTimeEntry(ctx.db, other.id, otherProject.id, { billingType: 'stundenpakete' });
    const p1 = await buildProject(ctx.db, c.id);
    const p2 = await buildProject(ctx.db, c.id, { name: 'Garten' });
    await buildSubscription(ctx.db, c.id, { startDate: '2026-01-01', endDate: '2026-12-31' });
    for (const p of [p1, p1, p2]) await buildTimeEntry(ctx.db, c.id, p.id);
    await buildHourPackage(ctx.db, c.id);
    const [category] = await ctx.db
      .insert(wikiCategories)
      .values({ name: `Kat-${c.id}`, icon: '🔑', createdBy: 'admin' })
      .returning();
    await ctx.db
      .insert(wikiEntries)
      .values({ customerId: c.id, categoryId: category.id, title: 'Alarmcode', createdBy: 'admin' });
    const [invoice] = await ctx.db
      .insert(invoices)
      .values({
        invoiceNumber: `RE-2026-${c.id}`,
        numberYear: 2026,
        numberSequence: c.id,
        status: 'sent',
        customerId: c.id,
        customerName: 'Weg Damit',
        customerAddress: 'Hauptstraße 1, 1010 Wien',
        invoiceDate: '2026-02-01',
        dueDate: '2026-02-15',
        createdBy: 'admin',
      })
      .returning();
    const customerToken = await ctx.login('customer', c.email, TEST_PASSWORD);

    const res = await ctx.request({ method: 'DELETE', url: `/api/customers/${c.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Kunde erfolgreich gelöscht',
      deleted: { projects: 2, time_entries: 3, hour_packages: 1, subscriptions: 1, wiki_entries: 1 },
      kept_invoices: 1,
    });

    expect(await ctx.db.select().from(customers).where(eq(customers.id, c.id))).toEqual([]);
    expect(await ctx.db.select().from(projects).where(eq(projects.customerId, c.id))).toEqual([]);
    const [kept] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept).toMatchObject({ customerId: null, customerName: 'Weg Damit', invoiceNumber: `RE-2026-${c.id}` });
    // Other customers' data stays; the referred customer just loses the link.
    expect(await ctx.db.select().from(timeEntries).where(eq(timeEntries.customerId, other.id))).toHaveLength(1);
    const [referredRow] = await ctx.db.select().from(customers).where(eq(customers.id, referred.id));
    expect(referredRow.referredById).toBeNull();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.customerId, c.id))).toEqual([]);
    const validate = await ctx.request({ method: 'POST', url: '/api/auth/validate-token', token: customerToken });
    expect(validate.statusCode).toBe(401);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(c.id)), eq(auditLog.action, 'delete')));
    expect(audit).toMatchObject({ action: 'delete', entity: 'customer', actorType: 'admin' });

    const again = await ctx.request({ method: 'DELETE', url: `/api/customers/${c.id}`, token: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('Kunde nicht gefunden');
  });
});
