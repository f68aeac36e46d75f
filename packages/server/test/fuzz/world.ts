import { todayInVienna } from '@butler/contract/format';
import { eq, sql } from 'drizzle-orm';
import { customers, loginAttempts } from '../../src/db/schema/index.js';
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
import type { TestContext } from '../test-app.js';
import { cachedHash } from '../test-app.js';

export type Principal = 'anonymous' | 'customerA' | 'customerB' | 'admin';
export const PRINCIPALS: Principal[] = ['anonymous', 'customerA', 'customerB', 'admin'];
type Letter = 'A' | 'B';
/** What every customer of the world has; replenished between operations. */
const FILLED = ['projects', 'subscriptions', 'time_entries', 'hour_packages', 'wiki_entries', 'wiki_files', 'invoices'];

/**
 * Seeded text of a customer carries a marker `Fzm<letter><n>q`; the other customer must
 * never receive it (unless the row became theirs or is public by design, see oracle.ts).
 */
export const MARKER = /Fzm([AB])(\d+)q/g;

/** Row ids of every table with an id column, and the customer each row belongs to. */
export type Pools = Map<string, Array<{ id: number; owner: number | null; featured?: boolean }>>;

type OwnerSource = { table: string; sql: string };

/** For each table with an integer `id`: how to find its customer (own column or one foreign-key hop). */
async function ownerSources(ctx: TestContext): Promise<OwnerSource[]> {
  const columns = await ctx.db.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
    SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public'`);
  const byTable = new Map<string, Set<string>>();
  for (const c of columns.rows) {
    // Only integer ids are ids a route takes (sessions have uuids).
    if (c.column_name === 'id' && !['integer', 'bigint', 'smallint'].includes(c.data_type)) continue;
    if (!byTable.has(c.table_name)) byTable.set(c.table_name, new Set());
    byTable.get(c.table_name)!.add(c.column_name);
  }
  const fks = await ctx.db.execute<{ table_name: string; column_name: string; target: string }>(sql`
    SELECT kcu.table_name, kcu.column_name, ccu.table_name AS target
    FROM information_schema.table_constraints tc
    JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
    JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
    WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public' AND ccu.column_name = 'id'`);
  const sources: OwnerSource[] = [];
  for (const [table, cols] of byTable) {
    if (!cols.has('id')) continue;
    const featured = table === 'wiki_entries' ? ', t.is_featured AND NOT t.is_password_entry' : ', false';
    if (table === 'customers') {
      sources.push({ table, sql: `SELECT id, id AS owner, false AS featured FROM customers t` });
    } else if (cols.has('customer_id')) {
      sources.push({ table, sql: `SELECT t.id, t.customer_id AS owner${featured} AS featured FROM "${table}" t` });
    } else {
      const hop = fks.rows.find((fk) => fk.table_name === table && byTable.get(fk.target)?.has('customer_id'));
      const featuredVia = hop?.target === 'wiki_entries' ? 'p.is_featured AND NOT p.is_password_entry' : 'false';
      sources.push({
        table,
        sql: hop
          ? `SELECT t.id, p.customer_id AS owner, ${featuredVia} AS featured FROM "${table}" t LEFT JOIN "${hop.target}" p ON p.id = t."${hop.column_name}"`
          : `SELECT id, NULL::int AS owner, false AS featured FROM "${table}" t`,
      });
    }
  }
  return sources;
}

/** The seeded portal the fuzzer works on: an admin, customers A and B, a bystander, and their data. */
export class World {
  readonly tokens: Record<Principal, string | undefined> = {
    anonymous: undefined,
    customerA: undefined,
    customerB: undefined,
    admin: undefined,
  };
  readonly customerIds: Record<Letter, number> = { A: 0, B: 0 };
  readonly markers = new Map<string, { letter: Letter; table: string }>();
  pools: Pools = new Map();
  private sources: OwnerSource[] = [];
  private markerCount = 0;
  private adminUsername = '';
  private templateId = 0;
  private readonly auth;

  constructor(readonly ctx: TestContext) {
    this.auth = createAuthService(ctx.db);
  }

  private marker(letter: Letter, table: string) {
    this.markerCount += 1;
    const text = `Fzm${letter}${this.markerCount}q`;
    this.markers.set(text, { letter, table });
    return text;
  }

  private async api(method: string, url: string, payload?: unknown) {
    const res = await this.ctx.request({
      method: method as any,
      url,
      payload: payload as any,
      token: this.tokens.admin,
    });
    if (res.statusCode >= 300) throw new Error(`seeding ${method} ${url} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  /** Logs in without the login route (its own rate limit and the fuzzer's failed attempts would refuse it). */
  private async session(userType: 'admin' | 'customer', email: string) {
    await this.ctx.db.delete(loginAttempts);
    const { token } = await this.auth.login({ email, password: TEST_PASSWORD, user_type: userType }, 'fuzz-world');
    return token;
  }

  async seed() {
    this.sources = await ownerSources(this.ctx);
    const admin = await buildAdmin(this.ctx.db);
    this.adminUsername = admin.username;
    this.tokens.admin = await this.session('admin', admin.username);
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
    const row = await buildCustomer(this.ctx.db, {
      firstName: letter === 'A' ? 'Anna' : 'Bernd',
      street: `Gasse ${m('customers')}`,
      phone: `+43 ${m('customers')}`,
      notes: `Notiz ${m('customers')}`,
      specialNotes: `Besonders ${m('customers')}`,
      privateNotes: `Privat ${m('customers')}`,
      partnerName: `Partner ${m('customers')}`,
    });
    this.customerIds[letter] = row.id;
    await this.fill(row.id, letter);
    this.tokens[`customer${letter}`] = await this.session('customer', row.email);
  }

  /** Everything a customer has, for a fresh customer (`only` given: just the kinds that are gone). */
  private async fill(customerId: number, letter: Letter | null, only?: Set<string>) {
    const want = (table: string) => !only || only.has(table);
    const m = (table: string) => (letter ? this.marker(letter, table) : 'Referenz');
    const today = todayInVienna();
    if (want('projects')) await buildProject(this.ctx.db, customerId, { name: `Haushalt ${m('projects')}` });
    if (want('subscriptions')) {
      await buildSubscription(this.ctx.db, customerId, {
        templateId: this.templateId,
        startDate: addDays(today, -200),
        endDate: addDays(addDays(today, -200), 729),
        durationMonths: 24,
        agreements: `Vereinbart ${m('subscriptions')}`,
      });
    }
    if (want('time_entries')) {
      const project = (await this.firstRow('projects', customerId)) ?? (await buildProject(this.ctx.db, customerId)).id;
      for (const [days, type] of [
        [-100, 'abos'],
        [-3, 'abos'],
        [-40, 'stundenpakete'],
      ] as const) {
        const workDate = addDays(today, days);
        // Seed no booking outside every term: the fuzzer may have moved the ButlerPaket.
        const billingType = type === 'abos' && !(await this.covered(customerId, workDate)) ? 'stundenpakete' : type;
        await buildTimeEntry(this.ctx.db, customerId, project, {
          workDate,
          billingType,
          activityDescription: `Einkauf ${m('time_entries')}`,
        });
      }
    }
    if (want('hour_packages')) await buildHourPackage(this.ctx.db, customerId, { purchaseDate: addDays(today, -50) });
    if (want('wiki_entries') || want('wiki_files')) {
      await this.api('POST', '/api/wiki/entries', {
        customer_id: customerId,
        category_id: await this.category('Notizen', {}),
        title: `Notiz ${m('wiki_entries')}`,
        content: `<p>Schlüssel beim Nachbarn ${m('wiki_entries')}</p>`,
      });
      await this.api('POST', '/api/wiki/entries', {
        customer_id: customerId,
        category_id: await this.category('Passwörter', { allowsEncryption: true, allowsFiles: true }),
        title: `WLAN ${m('wiki_entries')}`,
        content: `geheim-${m('wiki_entries')}`,
        username: `nutzer-${m('wiki_entries')}`,
        is_password_entry: true,
      });
      const docs = await this.api('POST', '/api/wiki/entries', {
        customer_id: customerId,
        category_id: await this.category(letter ? 'Dokumente' : 'Projekte', { allowsFiles: true }),
        title: `Pläne ${m('wiki_entries')}`,
        content: `<p>Grundriss ${m('wiki_entries')}</p>`,
      });
      await this.upload(docs.id, `grundriss-${m('wiki_files')}.txt`);
      if (!letter) await this.api('PUT', `/api/wiki/projects/${docs.id}/featured`, { is_featured: true });
    }
    if (want('invoices')) {
      const item = (text: string) => ({ description: text, quantity: 2, unit: 'h', unit_price: 49, tax_rate: 20 });
      await this.api('POST', '/api/quickbill/invoices', {
        customer_id: customerId,
        invoice_date: today,
        items: [item(`Entwurf ${m('invoice_items')}`)],
      });
      const issued = await this.api('POST', '/api/quickbill/invoices', {
        customer_id: customerId,
        invoice_date: today,
        items: [item(`Betreuung ${m('invoice_items')}`)],
      });
      // The fuzzer may have emptied the invoice settings; a draft is worth having anyway.
      await this.ctx.request({
        method: 'POST',
        url: `/api/quickbill/invoices/${issued.id}/send`,
        token: this.tokens.admin,
      });
    }
  }

  private async firstRow(table: 'projects', customerId: number): Promise<number | undefined> {
    const result = await this.ctx.db.$client.query(`SELECT id FROM ${table} WHERE customer_id = $1 LIMIT 1`, [
      customerId,
    ]);
    return result.rows[0]?.id;
  }

  private async covered(customerId: number, date: string) {
    const result = await this.ctx.db.$client.query(
      'SELECT 1 FROM subscriptions WHERE customer_id = $1 AND start_date <= $2 AND end_date >= $2',
      [customerId, date],
    );
    return result.rowCount! > 0;
  }

  /** The wiki category of that name, created again if the fuzzer renamed or deleted it. */
  private async category(name: string, flags: { allowsEncryption?: boolean; allowsFiles?: boolean }) {
    const result = await this.ctx.db.$client.query(
      'SELECT id FROM wiki_categories WHERE name = $1 AND allows_files = $2 AND allows_encryption = $3 LIMIT 1',
      [name, flags.allowsFiles ?? false, flags.allowsEncryption ?? false],
    );
    if (result.rows[0]) return Number(result.rows[0].id);
    return (await buildWikiCategory(this.ctx.db, { name, ...flags })).id;
  }

  private async upload(entryId: number, filename: string) {
    const boundary = '----fuzzworld';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\nInhalt\r\n--${boundary}--\r\n`;
    const res = await this.ctx.request({
      method: 'POST',
      url: `/api/wiki/entries/${entryId}/files`,
      token: this.tokens.admin,
      payload: Buffer.from(body),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    if (res.statusCode !== 201) throw new Error(`seeding upload failed: ${res.statusCode} ${res.body}`);
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
    await this.refresh();
    if (!replenish) return;
    for (const letter of ['A', 'B'] as const) {
      const owned = (table: string) => (this.pools.get(table) ?? []).some((r) => r.owner === this.customerIds[letter]);
      const gone = new Set(FILLED.filter((table) => !owned(table)));
      if (gone.size > 0) await this.fill(this.customerIds[letter], letter, gone);
    }
    await this.refresh();
  }

  /** The customer a principal is, if any. */
  customerOf(principal: Principal): number | null {
    if (principal === 'customerA') return this.customerIds.A;
    if (principal === 'customerB') return this.customerIds.B;
    return null;
  }
}
