import { todayInVienna } from '@butler/contract/format';
import { SEARCH_GROUP_LIMIT, type SearchResults } from '@butler/contract/search';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildProject,
  buildTimeEntry,
  buildWikiCategory,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { customers, invoices, orders, visits, wikiEntries } from '../../db/schema/index.js';
import { addDays } from '../../domain/calendar.js';

/**
 * The top bar's search (decision 0650) finds the five kinds of record, grouped and
 * limited, only within the caller's permissions and customers, and never a secret or a note.
 */
let ctx: TestContext;
let owner: StaffMember;
let accounting: StaffMember;
let butler: StaffMember;
const ids = { mine: 0, foreign: 0, invoice: 0, draft: 0, wiki: 0, secretWiki: 0, project: 0, entry: 0 };
const today = todayInVienna();
const SECRET = 'Zauberwort4711';

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000' });
  owner = await staffMember(ctx, 'owner');
  accounting = await staffMember(ctx, 'accounting');
  butler = await staffMember(ctx, 'butler');
  const mine = await buildCustomer(ctx.db, {
    firstName: 'Maria',
    lastName: 'Gruberova',
    company: 'Gruberova Gastro KG',
    city: 'Wien',
    privateNotes: 'Geheimnotiz Nachlass',
    partnerName: 'Partnerin Quirina',
  });
  const foreign = await buildCustomer(ctx.db, { firstName: 'Franz', lastName: 'Gruberfremd' });
  ids.mine = mine.id;
  ids.foreign = foreign.id;
  await ctx.db.execute(sql`INSERT INTO customer_staff (customer_id, admin_id) VALUES (${mine.id}, ${butler.id})`);

  const project = await buildProject(ctx.db, mine.id, { name: 'Wintergarten Sanierung' });
  ids.project = project.id;
  const foreignProject = await buildProject(ctx.db, foreign.id, { name: 'Wintergarten Fremd' });
  ids.entry = (
    await buildTimeEntry(ctx.db, mine.id, project.id, { activityDescription: 'Heizkörper entlüftet', workDate: today })
  ).id;
  await buildTimeEntry(ctx.db, foreign.id, foreignProject.id, {
    activityDescription: 'Heizkörper getauscht',
    workDate: addDays(today, -200),
  });

  const [sent] = await ctx.db
    .insert(invoices)
    .values({
      customerId: mine.id,
      customerName: 'Maria Gruberova',
      invoiceDate: today,
      dueDate: today,
      status: 'sent',
      invoiceNumber: '2026-009871',
      numberYear: 2026,
      numberSequence: 9871,
      totalNet: '99.50',
      totalTax: '19.90',
      totalGross: '119.40',
      createdBy: 'test',
    })
    .returning();
  ids.invoice = sent.id;
  const [draft] = await ctx.db
    .insert(invoices)
    .values({
      customerId: foreign.id,
      customerName: 'Franz Gruberfremd',
      invoiceDate: today,
      dueDate: today,
      createdBy: 'test',
    })
    .returning();
  ids.draft = draft.id;

  const house = await buildWikiCategory(ctx.db, { name: 'Hausinfos', icon: '🏠' });
  const vault = await buildWikiCategory(ctx.db, { name: 'Passwörter', icon: '🔐', allowsEncryption: true });
  const [entry] = await ctx.db
    .insert(wikiEntries)
    .values({
      customerId: mine.id,
      categoryId: house.id,
      title: 'Schlüsselsafe Garage',
      content: '<p>Code beim Nachbarn</p>',
      createdBy: 'test',
    })
    .returning();
  ids.wiki = entry.id;
  await ctx.db
    .insert(wikiEntries)
    .values({ customerId: foreign.id, categoryId: house.id, title: 'Schlüsselsafe Keller', createdBy: 'test' });
  const secret = await as(ctx, owner.token).post('/api/wiki/entries', {
    customer_id: mine.id,
    category_id: vault.id,
    title: 'WLAN Router',
    content: SECRET,
    username: `admin-${SECRET}`,
  });
  expect(secret.statusCode).toBe(201);
  ids.secretWiki = secret.json().id;
}, 60_000);

async function search(member: StaffMember, q: string): Promise<SearchResults> {
  const res = await as(ctx, member.token).get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/search', () => {
  it('finds a customer by name, company and e-mail, and opens nothing else of them', async () => {
    for (const q of ['gruberova', 'Maria Gruber', 'Gastro KG', mine().email.slice(0, 10)]) {
      const hits = (await search(owner, q)).customers ?? [];
      expect(
        hits.map((h) => h.id),
        q,
      ).toContain(ids.mine);
    }
    const [hit] = (await search(owner, 'Gruberova')).customers!;
    expect(hit).toEqual({
      id: ids.mine,
      name: 'Maria Gruberova',
      company: 'Gruberova Gastro KG',
      email: mine().email,
      city: 'Wien',
      is_active: true,
    });
  });

  it('finds a project, an invoice by number, customer and amount, a wiki title and an activity', async () => {
    expect((await search(owner, 'wintergarten')).projects?.map((p) => p.name)).toEqual([
      'Wintergarten Fremd',
      'Wintergarten Sanierung',
    ]);
    const byNumber = (await search(owner, '009871')).invoices!;
    expect(byNumber).toEqual([
      {
        id: ids.invoice,
        invoice_number: '2026-009871',
        kind: 'invoice',
        status: 'sent',
        customer_name: 'Maria Gruberova',
        invoice_date: today,
        total_gross: 119.4,
      },
    ]);
    for (const amount of ['119,40', '119.4', '€ 119,40']) {
      expect(
        (await search(owner, amount)).invoices?.map((i) => i.id),
        amount,
      ).toEqual([ids.invoice]);
    }
    // A draft has no number yet; its recipient finds it.
    expect((await search(owner, 'Gruberfremd')).invoices?.map((i) => [i.id, i.invoice_number])).toEqual([
      [ids.draft, null],
    ]);
    const wiki = (await search(owner, 'schlüsselsafe ga')).wiki_entries!;
    expect(wiki).toEqual([
      {
        id: ids.wiki,
        title: 'Schlüsselsafe Garage',
        customer_id: ids.mine,
        customer_name: 'Maria Gruberova',
        category_id: expect.any(Number),
        category_name: 'Hausinfos',
        category_icon: '🏠',
      },
    ]);
    const entries = (await search(owner, 'Heizkörper')).time_entries!;
    expect(entries.map((e) => e.activity_description)).toEqual(['Heizkörper entlüftet', 'Heizkörper getauscht']);
    expect(entries[0]).toMatchObject({ id: ids.entry, customer_id: ids.mine, hours: 1, work_date: today });
  });

  it('gives at most five hits per group, active customers first', async () => {
    for (let i = 0; i < SEARCH_GROUP_LIMIT + 2; i++) {
      await buildCustomer(ctx.db, { firstName: 'Olga', lastName: `Vielfach${i}`, isActive: i !== 0 });
    }
    const hits = (await search(owner, 'Vielfach')).customers!;
    expect(hits).toHaveLength(SEARCH_GROUP_LIMIT);
    expect(hits.every((h) => h.is_active)).toBe(true);
    // Activities: the five newest of seven (found among the newest entries, the first step).
    for (let day = 1; day <= SEARCH_GROUP_LIMIT + 2; day++) {
      await buildTimeEntry(ctx.db, ids.mine, ids.project, {
        activityDescription: `Rasen gemäht ${day}`,
        workDate: addDays(today, -day),
      });
    }
    const entries = (await search(owner, 'rasen')).time_entries!.map((e) => e.activity_description);
    expect(entries).toEqual([1, 2, 3, 4, 5].map((day) => `Rasen gemäht ${day}`));
  });

  it('never finds or returns a secret, a wiki text or a customer note', async () => {
    for (const q of [SECRET, 'Nachbarn', 'Geheimnotiz', 'Quirina']) {
      const res = await as(ctx, owner.token).get(`/api/search?q=${q}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as SearchResults;
      const total = Object.values(body).reduce((n, group) => n + (group?.length ?? 0), 0);
      expect(total, q).toBe(0);
    }
    // The password entry is found by its title, and its answer holds no secret.
    const res = await as(ctx, owner.token).get('/api/search?q=WLAN');
    expect(res.json().wiki_entries.map((e: { id: number }) => e.id)).toEqual([ids.secretWiki]);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('Code beim');
  });

  it('a Butler finds only their customers’ records and no invoices', async () => {
    const all = await search(butler, 'Gruber');
    expect(all.customers?.map((c) => c.id)).toEqual([ids.mine]);
    expect(all.invoices).toBeUndefined();
    expect((await search(butler, 'Wintergarten')).projects?.map((p) => p.id)).toEqual([ids.project]);
    expect((await search(butler, 'Heizkörper')).time_entries?.map((e) => e.id)).toEqual([ids.entry]);
    expect((await search(butler, 'Schlüsselsafe')).wiki_entries?.map((e) => e.id)).toEqual([ids.wiki]);
    // An assignment taken away holds from the next request.
    await ctx.db.execute(sql`DELETE FROM customer_staff WHERE admin_id = ${butler.id}`);
    const none = await search(butler, 'Gruber');
    expect(none.customers).toEqual([]);
    await ctx.db.execute(sql`INSERT INTO customer_staff (customer_id, admin_id) VALUES (${ids.mine}, ${butler.id})`);
  });

  it('finds Aufträge by number and title words, a Butler only their customers’ (decision 0810)', async () => {
    const [own] = await ctx.db.insert(orders).values({ customerId: ids.mine, title: 'Dachrinne reinigen' }).returning();
    const [other] = await ctx.db
      .insert(orders)
      .values({ customerId: ids.foreign, title: 'Dachrinne erneuern' })
      .returning();
    expect((await search(owner, 'dachrin')).orders?.map((o) => o.id).sort()).toEqual([own.id, other.id].sort());
    expect((await search(butler, 'Dachrinne')).orders?.map((o) => o.id)).toEqual([own.id]);
    const byNumber = (await search(owner, `A-${String(other.id).padStart(4, '0')}`)).orders;
    expect(byNumber?.map((o) => o.number)).toContain(`A-${String(other.id).padStart(4, '0')}`);
    expect((await search(butler, `A-${String(other.id).padStart(4, '0')}`)).orders).toEqual([]);
  });

  it('finds Termine by words of their purpose in Vienna time, a Butler only their customers’ (decision 0841)', async () => {
    const at = (iso: string) => new Date(iso);
    const [own] = await ctx.db
      .insert(visits)
      .values({
        customerId: ids.mine,
        startsAt: at('2030-12-14T08:00:00Z'),
        endsAt: at('2030-12-14T09:30:00Z'),
        kind: 'trip',
        purpose: 'Weihnachtsbeleuchtung montieren',
      })
      .returning();
    await ctx.db.insert(visits).values({
      customerId: ids.foreign,
      startsAt: at('2030-12-15T08:00:00Z'),
      endsAt: at('2030-12-15T09:00:00Z'),
      kind: 'remote',
      purpose: 'Weihnachtsgrüße drucken',
    });
    const hits = (await search(owner, 'weihnacht')).visits ?? [];
    // The coming ones first, the nearest first.
    expect(hits.map((v) => v.purpose)).toEqual(['Weihnachtsbeleuchtung montieren', 'Weihnachtsgrüße drucken']);
    expect(hits[0]).toMatchObject({
      id: own.id,
      date: '2030-12-14',
      start_time: '09:00',
      end_time: '10:30',
      state: 'planned',
    });
    expect((await search(butler, 'Weihnacht')).visits?.map((v) => v.id)).toEqual([own.id]);
  });

  it('Buchhaltung finds customers and invoices, no wiki, projects or time entries', async () => {
    const body = await search(accounting, 'Gruber');
    expect(body.customers?.map((c) => c.id).sort()).toEqual([ids.mine, ids.foreign].sort());
    expect(body.invoices?.length).toBe(2);
    expect(Object.keys(body).sort()).toEqual(['customers', 'invoices', 'orders']);
    expect((await search(accounting, 'Schlüsselsafe')).wiki_entries).toBeUndefined();
  });

  it('matches a two-character term at the start of a word; activities by the starts of their words', async () => {
    const entries = async (q: string) => (await search(owner, q)).time_entries!.map((e) => e.activity_description);
    expect(await entries('en')).toEqual(['Heizkörper entlüftet']);
    expect(await entries('he')).toEqual(['Heizkörper entlüftet', 'Heizkörper getauscht']);
    expect(await entries('ei')).toEqual([]);
    expect(await entries('heiz entl')).toEqual(['Heizkörper entlüftet']);
    expect(await entries('körper')).toEqual([]);
    expect((await search(owner, 'Gr')).customers?.map((c) => c.id).sort()).toEqual([ids.mine, ids.foreign].sort());
  });

  it('takes % and _ literally, and refuses short or missing terms in German', async () => {
    const wild = await search(owner, '%_');
    expect(Object.values(wild).every((group) => group?.length === 0)).toBe(true);
    for (const url of ['/api/search?q=a', '/api/search?q=%20%20x%20', '/api/search']) {
      const res = await as(ctx, owner.token).get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain('Bitte geben Sie mindestens 2 Zeichen ein');
    }
  });

  it('answers 401 without a session and 403 to a customer', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/search?q=Gruber' })).statusCode).toBe(401);
    const token = await ctx.login('customer', mine().email, TEST_PASSWORD);
    expect((await as(ctx, token).get('/api/search?q=Gruber')).statusCode).toBe(403);
  });
});

let mineRow: typeof customers.$inferSelect | undefined;
function mine() {
  if (!mineRow) throw new Error('not seeded');
  return mineRow;
}
beforeAll(async () => {
  [mineRow] = await ctx.db.select().from(customers).where(sql`${customers.id} = ${ids.mine}`);
});
