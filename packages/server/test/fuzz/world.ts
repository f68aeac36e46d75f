import type { StaffRole } from '@butler/contract/permissions';
import { eq, sql } from 'drizzle-orm';
import { customers, loginAttempts, securitySettings } from '../../src/db/schema/index.js';
import { createAuthService } from '../../src/modules/auth/auth.service.js';
import { buildAdmin, buildCustomer, buildSubscriptionTemplate, TEST_PASSWORD } from '../factories.js';
import type { TestContext } from '../test-app.js';
import { cachedHash } from '../test-app.js';
import { type OwnerSource, ownerSources, type Pools } from './owners.js';
import { fillCustomer, seedApi } from './seed.js';

export type Principal = 'anonymous' | 'customerA' | 'customerB' | 'admin' | 'butler' | 'accounting';
export const PRINCIPALS: Principal[] = ['anonymous', 'customerA', 'customerB', 'admin', 'butler', 'accounting'];
/** The staff principals' roles (the admin is an Inhaber); the Butler looks after customer A only. */
export const STAFF_ROLE_OF: Partial<Record<Principal, StaffRole>> = {
  admin: 'owner',
  butler: 'butler',
  accounting: 'accounting',
};
type Letter = 'A' | 'B';
/** What every customer of the world has; replenished between operations. */
const FILLED = ['projects', 'subscriptions', 'time_entries', 'hour_packages', 'wiki_entries', 'wiki_files', 'invoices'];

/**
 * Seeded text of a customer carries a marker `Fzm<letter><n>q`; the other customer must
 * never receive it (unless the row became theirs or is public by design, see oracle.ts).
 */
export const MARKER = /Fzm([AB])(\d+)q/g;

/** The seeded portal the fuzzer works on: an admin, customers A and B, a bystander, and their data. */
export class World {
  readonly tokens: Record<Principal, string | undefined> = {
    anonymous: undefined,
    customerA: undefined,
    customerB: undefined,
    admin: undefined,
    butler: undefined,
    accounting: undefined,
  };
  /** Usernames of the Butler and Buchhaltung principals, to sign them in again. */
  private readonly staffUsernames: Partial<Record<Principal, string>> = {};
  readonly customerIds: Record<Letter, number> = { A: 0, B: 0 };
  /** `private`: notes and family data, which Buchhaltung must never receive. */
  readonly markers = new Map<string, { letter: Letter; table: string; private?: boolean }>();
  pools: Pools = new Map();
  private sources: OwnerSource[] = [];
  private markerCount = 0;
  private adminUsername = '';
  private templateId = 0;
  private readonly auth;

  constructor(readonly ctx: TestContext) {
    this.auth = createAuthService(ctx.db, { loginFailuresPerAddress: ctx.env.LOGIN_FAILURES_PER_ADDRESS });
  }

  private marker(letter: Letter, table: string, isPrivate = false) {
    this.markerCount += 1;
    const text = `Fzm${letter}${this.markerCount}q`;
    this.markers.set(text, { letter, table, private: isPrivate });
    return text;
  }

  private api(method: string, url: string, payload?: unknown) {
    return seedApi({ ctx: this.ctx, token: this.tokens.admin!, templateId: this.templateId }, method, url, payload);
  }

  /**
   * Logs in without the login route (its own rate limit and the fuzzer's failed attempts would
   * refuse it). A fuzzed "2FA verpflichtend" ends the sessions of staff without a second factor
   * (decision 0504): the world switches it off again, so its principals sign in with a password.
   */
  private async session(userType: 'admin' | 'customer', email: string) {
    await this.ctx.db.delete(loginAttempts);
    await this.ctx.db.update(securitySettings).set({ requireStaffTotp: false });
    const result = await this.auth.login(
      { email, password: TEST_PASSWORD, user_type: userType },
      { address: 'fuzz-world', userAgent: undefined },
    );
    if (result.kind !== 'session')
      throw new Error(`fuzz world: ${email} needs a second factor (${result.secondFactor})`);
    return result.token;
  }

  async seed() {
    this.sources = await ownerSources(this.ctx);
    const admin = await buildAdmin(this.ctx.db);
    this.adminUsername = admin.username;
    this.tokens.admin = await this.session('admin', admin.username);
    for (const principal of ['butler', 'accounting'] as const) {
      const staff = await buildAdmin(this.ctx.db, { role: STAFF_ROLE_OF[principal] });
      this.staffUsernames[principal] = staff.username;
      this.tokens[principal] = await this.session('admin', staff.username);
    }
    this.templateId = (await buildSubscriptionTemplate(this.ctx.db, { name: 'Classic', durationMonths: 24 })).id;
    await this.api('POST', '/api/quickbill/products', {
      name: 'Butler-Stunde',
      unit: 'h',
      unit_price: 49,
      tax_rate: 20,
    });
    await this.api('PUT', '/api/quickbill/settings', {
      company_name: 'Mein BUTLER e.U.',
      street: 'Mariahilfer Straße 12',
      postal_code: '1060',
      city: 'Wien',
      uid: 'ATU12345675',
      contact_email: 'office@meinbutler.at',
      iban: 'AT61 1904 3002 3457 3201',
      bic: 'BKAUATWW',
      bank_name: 'Bank Austria',
      payment_terms_days: 14,
    });
    // A bystander whose featured project every customer may see (decision 0145).
    const bystander = await buildCustomer(this.ctx.db, { firstName: 'Clara' });
    await this.fill(bystander.id, null);
    await this.customer('A');
    await this.customer('B');
    await this.refresh();
  }

  /** (Re)creates customer A or B with marked data and logs them in. */
  private async customer(letter: Letter) {
    const m = (table: string) => this.marker(letter, table);
    const p = () => this.marker(letter, 'customers', true);
    const row = await buildCustomer(this.ctx.db, {
      firstName: letter === 'A' ? 'Anna' : 'Bernd',
      street: `Gasse ${m('customers')}`,
      phone: `+43 ${m('customers')}`,
      notes: `Notiz ${p()}`,
      specialNotes: `Besonders ${p()}`,
      privateNotes: `Privat ${p()}`,
      partnerName: `Partner ${p()}`,
    });
    this.customerIds[letter] = row.id;
    if (letter === 'A') await this.assignButler();
    await this.fill(row.id, letter);
    this.tokens[`customer${letter}`] = await this.session('customer', row.email);
  }

  /** The Butler looks after customer A (again, after the fuzzer changed the Betreuer or recreated A). */
  private async assignButler() {
    const username = this.staffUsernames.butler;
    if (!username || !this.customerIds.A) return;
    await this.ctx.db.execute(sql`
      INSERT INTO customer_staff (customer_id, admin_id)
      SELECT ${this.customerIds.A}, id FROM admins WHERE username = ${username}
      ON CONFLICT DO NOTHING`);
  }

  /** Everything a customer has, for a fresh customer (`only` given: just the kinds that are gone). */
  private fill(customerId: number, letter: Letter | null, only?: Set<string>) {
    const mark = (table: string) => (letter ? this.marker(letter, table) : 'Referenz');
    const seed = { ctx: this.ctx, token: this.tokens.admin!, templateId: this.templateId };
    return fillCustomer(seed, customerId, { mark, featured: letter === null, only });
  }

  /** Re-reads every table's ids and owners (after a request that changed something). */
  async refresh() {
    const result = await this.ctx.db.$client.query(
      this.sources.map((s) => `SELECT '${s.table}' AS t, x.* FROM (${s.sql}) x`).join(' UNION ALL '),
    );
    const pools: Pools = new Map();
    for (const row of result.rows) {
      if (!pools.has(row.t)) pools.set(row.t, []);
      pools
        .get(row.t)!
        .push({ id: Number(row.id), owner: row.owner === null ? null : Number(row.owner), featured: row.featured });
    }
    this.pools = pools;
  }

  /** A digest of every row that belongs to customer `letter` (what the other customer and the Butler must never change). */
  async ownedDigest(letter: Letter): Promise<string> {
    const parts = this.sources.map(
      (s) =>
        `SELECT '${s.table}' AS t, count(*) || ':' || coalesce(sum(('x' || left(md5(r::text), 15))::bit(60)::bigint), 0) AS h
         FROM "${s.table}" r WHERE r.id IN (SELECT id FROM (${s.sql}) o WHERE o.owner = $1)`,
    );
    // Prepared once per connection: planning this union of every owned table cost more than running it.
    const result = await this.ctx.db.$client.query({
      name: 'fuzz-owned-digest',
      text: parts.join(' UNION ALL '),
      values: [this.customerIds[letter]],
    });
    return result.rows
      .map((r) => `${r.t}=${r.h}`)
      .sort()
      .join(' ');
  }

  /** The rows of `table` whose text holds `text` (encrypted secrets are never found), with owner. */
  async rowsContaining(table: string, text: string) {
    const source = this.sources.find((s) => s.table === table);
    if (!source) return [];
    const result = await this.ctx.db.$client.query(`${source.sql} WHERE to_jsonb(t)::text LIKE $1`, [`%${text}%`]);
    return result.rows.map((r) => ({
      owner: r.owner === null ? null : Number(r.owner),
      featured: Boolean(r.featured),
    }));
  }

  /** Whether a token still opens a session (the fuzzer may have logged out or deactivated someone). */
  private async alive(principal: Principal) {
    const token = this.tokens[principal];
    return token !== undefined && (await this.auth.resolveToken(token)) !== null;
  }

  /**
   * Brings the principals back after the fuzzer deleted, deactivated or logged out one of
   * them, or changed a password; restores customer A's and B's data between operations.
   */
  async repair(replenish: boolean) {
    if (!(await this.alive('admin'))) {
      const [{ exists }] = (
        await this.ctx.db.execute<{ exists: boolean }>(
          sql`SELECT EXISTS (SELECT 1 FROM admins WHERE username = ${this.adminUsername}) AS exists`,
        )
      ).rows;
      if (!exists) this.adminUsername = (await buildAdmin(this.ctx.db)).username;
      this.tokens.admin = await this.session('admin', this.adminUsername);
    }
    await this.ctx.db.execute(sql`
      UPDATE admins SET role = 'owner', grants = '{}' WHERE username = ${this.adminUsername} AND role <> 'owner'`);
    for (const principal of ['butler', 'accounting'] as const) {
      const username = this.staffUsernames[principal]!;
      const role = STAFF_ROLE_OF[principal]!;
      // The fuzzer may have changed a role, deactivated or logged out someone: back to as seeded.
      await this.ctx.db.execute(sql`
        UPDATE admins SET role = ${role}, grants = '{}', is_active = true
        WHERE username = ${username} AND (role <> ${role} OR grants <> '{}' OR NOT is_active)`);
      if (await this.alive(principal)) continue;
      await this.ctx.db.execute(
        sql`UPDATE admins SET password_hash = ${await cachedHash(TEST_PASSWORD)} WHERE username = ${username}`,
      );
      this.tokens[principal] = await this.session('admin', username);
    }
    for (const letter of ['A', 'B'] as const) {
      const principal = `customer${letter}` as const;
      if (await this.alive(principal)) continue;
      const [row] = await this.ctx.db.select().from(customers).where(eq(customers.id, this.customerIds[letter]));
      if (!row) {
        await this.customer(letter);
        continue;
      }
      await this.ctx.db
        .update(customers)
        .set({ isActive: true, passwordHash: await cachedHash(TEST_PASSWORD) })
        .where(eq(customers.id, row.id));
      this.tokens[principal] = await this.session('customer', row.email);
    }
    await this.assignButler();
    await this.refresh();
    if (!replenish) return;
    for (const letter of ['A', 'B'] as const) {
      const owned = (table: string) => (this.pools.get(table) ?? []).some((r) => r.owner === this.customerIds[letter]);
      const gone = new Set(FILLED.filter((table) => !owned(table)));
      if (gone.size > 0) await this.fill(this.customerIds[letter], letter, gone);
    }
    await this.refresh();
  }

  /** The customer a principal is (or, the Butler, looks after), if any. */
  customerOf(principal: Principal): number | null {
    if (principal === 'customerA' || principal === 'butler') return this.customerIds.A;
    if (principal === 'customerB') return this.customerIds.B;
    return null;
  }
}
