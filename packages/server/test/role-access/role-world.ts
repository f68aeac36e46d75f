import { randomUUID } from 'node:crypto';
import { todayInVienna } from '@butler/contract/format';
import type { StaffRole } from '@butler/contract/permissions';
import { and, eq, sql } from 'drizzle-orm';
import {
  admins,
  customers,
  hourOrders,
  loginAttempts,
  monthQuestions,
  orders,
  subscriptionRequests,
  visitRequests,
  visits,
  wikiEntries,
} from '../../src/db/schema/index.js';
import { addDays } from '../../src/domain/calendar.js';
import { createAuthService } from '../../src/modules/auth/auth.service.js';
import {
  buildAdmin,
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildSubscription,
  buildSubscriptionTemplate,
  buildTimeEntry,
  buildWikiCategory,
  TEST_PASSWORD,
} from '../factories.js';
import { cachedHash, type TestContext } from '../test-app.js';

/** Who calls: a staff member of each role, or the customer themself (customer A). */
export type Caller = StaffRole | 'customer';
export const CALLERS: Caller[] = ['owner', 'office', 'accounting', 'butler', 'customer'];
export type Letter = 'A' | 'B';

/** The rows of one customer a route can name. */
export type Rows = {
  customer: number;
  project: number;
  time_entry: number;
  subscription: number;
  hour_package: number;
  wiki_entry: number;
  wiki_file: number;
  invoice: number;
  order: number;
  visit: number;
  visit_request: number;
  hour_order: number;
  subscription_request: number;
  month_question: number;
};

/**
 * Customers A (the Butler looks after them, and the customer principal is A) and B, a
 * staff member of every role and their rows. Requests may change or delete any of it:
 * `restore()` brings back what a route changed, so every request meets the same world.
 */
export class RoleWorld {
  readonly tokens = {} as Record<Caller, string>;
  readonly staffIds = {} as Record<StaffRole, number>;
  readonly rows = {} as Record<Letter, Rows>;
  /** What staff and catalogue routes name: a spare Büro account, template, category, product. */
  spare = { staff: 0, template: 0, category: 0, product: 0 };
  /** The category of the rows' wiki entries (files allowed); never one a route deletes. */
  private entryCategory = 0;
  private readonly usernames = {} as Record<StaffRole, string>;
  private email = '';
  private readonly auth;

  constructor(readonly ctx: TestContext) {
    this.auth = createAuthService(ctx.db, { loginFailuresPerAddress: ctx.env.LOGIN_FAILURES_PER_ADDRESS });
  }

  private async signIn(userType: 'admin' | 'customer', login: string) {
    await this.ctx.db.delete(loginAttempts);
    const result = await this.auth.login(
      { email: login, password: TEST_PASSWORD, user_type: userType },
      { address: 'role-world', userAgent: undefined },
    );
    if (result.kind !== 'session') throw new Error(`role world: ${login} needs a second factor`);
    return result.token;
  }

  /** An owner's call that must succeed (seeding). */
  async asOwner(method: 'POST' | 'PUT', url: string, payload?: unknown) {
    const res = await this.ctx.request({ method, url, payload: payload as any, token: this.tokens.owner });
    if (res.statusCode >= 300) throw new Error(`role world: ${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json();
  }

  async seed() {
    for (const role of ['owner', 'office', 'accounting', 'butler'] as const) {
      const staff = await buildAdmin(this.ctx.db, { role, name: `Test ${role}` });
      this.staffIds[role] = staff.id;
      this.usernames[role] = staff.username;
    }
    this.spare.staff = (await buildAdmin(this.ctx.db, { role: 'office' })).id;
    this.entryCategory = (await buildWikiCategory(this.ctx.db, { allowsFiles: true })).id;
    await this.restore();
  }

  /** Staff back to their roles and signed in, customers A and B with fresh rows, A looked after by the Butler. */
  async restore() {
    for (const role of ['owner', 'office', 'accounting', 'butler'] as const) {
      await this.ctx.db
        .update(admins)
        .set({ role, grants: [], isActive: true, passwordHash: await cachedHash(TEST_PASSWORD) })
        .where(eq(admins.id, this.staffIds[role]));
      if (!(await this.alive(this.tokens[role]))) this.tokens[role] = await this.signIn('admin', this.usernames[role]);
    }
    for (const letter of ['A', 'B'] as const) await this.fill(letter);
    await this.ctx.db.execute(
      sql`INSERT INTO customer_staff (customer_id, admin_id) VALUES (${this.rows.A.customer}, ${this.staffIds.butler}) ON CONFLICT DO NOTHING`,
    );
    await this.ctx.db.execute(
      sql`DELETE FROM customer_staff WHERE customer_id = ${this.rows.B.customer} AND admin_id = ${this.staffIds.butler}`,
    );
    if (!(await this.alive(this.tokens.customer))) {
      await this.ctx.db
        .update(customers)
        .set({ isActive: true, passwordHash: await cachedHash(TEST_PASSWORD) })
        .where(eq(customers.id, this.rows.A.customer));
      this.tokens.customer = await this.signIn('customer', this.email);
    }
    // What a route may have deleted: the spare template, category and product.
    const gone = async (table: string, id: number) =>
      (await this.ctx.db.execute(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${id}`)).rows.length === 0;
    if (await gone('subscription_templates', this.spare.template)) {
      this.spare.template = (await buildSubscriptionTemplate(this.ctx.db, { name: 'Ersatz' })).id;
    }
    if (await gone('wiki_categories', this.spare.category)) {
      this.spare.category = (await buildWikiCategory(this.ctx.db)).id;
    }
    if (await gone('products', this.spare.product)) {
      this.spare.product = (
        await this.asOwner('POST', '/api/quickbill/products', {
          name: 'Stunde',
          unit: 'h',
          unit_price: 49,
          tax_rate: 20,
        })
      ).id;
    }
  }

  private async alive(token: string | undefined) {
    return token !== undefined && (await this.auth.resolveToken(token)) !== null;
  }

  /** A customer (kept while it exists) and a fresh row of every kind. */
  private async fill(letter: Letter) {
    let customerId = this.rows[letter]?.customer;
    const [exists] = customerId
      ? await this.ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId))
      : [];
    if (!exists) {
      const created = await buildCustomer(this.ctx.db, { firstName: letter === 'A' ? 'Anna' : 'Bernd' });
      customerId = created.id;
      if (letter === 'A') {
        this.email = created.email;
        this.tokens.customer = undefined as unknown as string;
      }
    }
    const today = todayInVienna();
    const project = await buildProject(this.ctx.db, customerId!);
    const subscription = await buildSubscription(this.ctx.db, customerId!, {
      startDate: addDays(today, -40),
      endDate: addDays(addDays(today, -40), 364),
    });
    const entry = await buildTimeEntry(this.ctx.db, customerId!, project.id, {
      workDate: today,
      createdBy: this.usernames.butler,
      createdByAdminId: this.staffIds.butler,
    });
    const hourPackage = await buildHourPackage(this.ctx.db, customerId!);
    const [wiki] = await this.ctx.db
      .insert(wikiEntries)
      .values({
        customerId: customerId!,
        categoryId: this.entryCategory,
        title: `Notiz ${letter}`,
        content: '<p>Schlüssel beim Nachbarn</p>',
        createdBy: 'admin',
      })
      .returning();
    const file = await this.upload(wiki.id);
    const invoice = await this.asOwner('POST', '/api/quickbill/invoices', {
      customer_id: customerId,
      invoice_date: today,
      items: [{ description: 'Betreuung', quantity: 1, unit: 'h', unit_price: 49, tax_rate: 20 }],
    });
    const [order] = await this.ctx.db
      .insert(orders)
      .values({ customerId: customerId!, title: `Auftrag ${letter}`, state: 'new' })
      .returning();
    const [visit] = await this.ctx.db
      .insert(visits)
      .values({
        customerId: customerId!,
        startsAt: new Date(Date.now() + 86_400_000),
        endsAt: new Date(Date.now() + 90_000_000),
        kind: 'trip',
        purpose: `Besuch ${letter}`,
      })
      .returning();
    const [visitRequest] = await this.ctx.db
      .insert(visitRequests)
      .values({ visitId: visit.id, customerId: customerId!, kind: 'move', message: 'Lieber später' })
      .returning();
    const [hourOrder] = await this.ctx.db
      .insert(hourOrders)
      .values({
        customerId: customerId!,
        idempotencyKey: `role-world-order-${letter}-${randomUUID()}`,
        hours: '5',
        pricePerHour: '50',
        totalPrice: '250',
        totalGross: '300',
        state: 'requested',
        release: 'immediate',
        orderedOn: today,
      })
      .returning();
    // One open wish for the ButlerPaket per customer (decision 0851): the open one, or a fresh one.
    await this.ctx.db
      .insert(subscriptionRequests)
      .values({
        subscriptionId: subscription.id,
        customerId: customerId!,
        kind: 'renew',
        monthlyHours: '10',
        monthlyPrice: '500',
        effectiveFrom: addDays(subscription.endDate, 1),
        endDate: addDays(subscription.endDate, 365),
      })
      .onConflictDoNothing();
    const [wish] = await this.ctx.db
      .select({ id: subscriptionRequests.id })
      .from(subscriptionRequests)
      .where(and(eq(subscriptionRequests.customerId, customerId!), eq(subscriptionRequests.state, 'open')));
    const [monthQuestion] = await this.ctx.db
      .insert(monthQuestions)
      .values({
        customerId: customerId!,
        month: `${today.slice(0, 7)}-01`,
        timeEntryId: entry.id,
        askedWorkDate: entry.workDate,
        askedHours: entry.hours,
        askedActivity: entry.activityDescription,
        askedProject: project.name,
      })
      .returning();
    this.rows[letter] = {
      customer: customerId!,
      project: project.id,
      time_entry: entry.id,
      subscription: subscription.id,
      hour_package: hourPackage.id,
      wiki_entry: wiki.id,
      wiki_file: file,
      invoice: invoice.id,
      order: order.id,
      visit: visit.id,
      visit_request: visitRequest.id,
      hour_order: hourOrder.id,
      subscription_request: wish.id,
      month_question: monthQuestion.id,
    };
  }

  private async upload(entryId: number): Promise<number> {
    const boundary = '----roleworld';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.txt"\r\nContent-Type: text/plain\r\n\r\nInhalt\r\n--${boundary}--\r\n`;
    const res = await this.ctx.request({
      method: 'POST',
      url: `/api/wiki/entries/${entryId}/files`,
      token: this.tokens.owner,
      payload: Buffer.from(body),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    if (res.statusCode !== 201) throw new Error(`role world: upload ${res.statusCode} ${res.body}`);
    return res.json().id;
  }
}
