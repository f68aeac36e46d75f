import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildHourPackage,
  buildProject,
  buildSubscription,
  buildTimeEntry,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import { configureProvider, createDraft, sendInvoice } from '../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, upload, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';
import { auditLog, blobs, customers, invoices, wikiFiles } from '../../db/schema/index.js';
import { PERSONAL_AUDIT_FIELDS } from './erasure.service.js';

/**
 * Decision 0423: the customer's data as one ZIP (Art. 15, 20 DSGVO), read back
 * with JSZip and compared with the API answers of the customer's screens, and erasure
 * (Art. 17) that keeps the issued invoices byte for byte.
 */

let ctx: TestContext;
let setup: WikiSetup;
let admin: string;
let customerToken: string;
let otherToken: string;
let a: typeof customers.$inferSelect;
let b: typeof customers.$inferSelect;
const fileBytes = randomBytes(70_000);
const B_MARKER = `Bmarker${randomBytes(4).toString('hex')}`;
/** The surname of a customer A referred: A's export names her by first name only (decision 0503). */
const C_MARKER = `Cmarker${randomBytes(4).toString('hex')}`;
let referred: typeof customers.$inferSelect;
let paidInvoice: { id: number; number: string };
let cancelled: { id: number; number: string; creditNoteId: number };
let secretEntryId: number;
let plainEntryId: number;

/** `null` asks without a token. */
const get = (url: string, token: string | null = admin) =>
  ctx.request({ method: 'GET', url, token: token ?? undefined });
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function downloadZip(id = a.id) {
  const res = await get(`/api/customers/${id}/data-export.zip`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="datenauskunft-kunde-${id}.zip"`);
  return JSZip.loadAsync(res.rawPayload);
}

const jsonOf = async (zip: JSZip, name: string) => JSON.parse(await zip.file(`daten/${name}`)!.async('string'));

beforeAll(async () => {
  ctx = await createTestContext();
  setup = await wikiSetup(ctx);
  admin = setup.token;
  const address = { street: 'Hauptstraße 1', postalCode: '1010', city: 'Wien' };
  [a] = await ctx.db.update(customers).set(address).where(eq(customers.id, setup.customer.id)).returning();
  b = await buildCustomer(ctx.db, { firstName: B_MARKER, lastName: 'Berger', phone: '+43 660 1234567', ...address });
  referred = await buildCustomer(ctx.db, { firstName: 'Cordula', lastName: C_MARKER, referredById: a.id });
  customerToken = await ctx.login('customer', a.email, TEST_PASSWORD);
  otherToken = await ctx.login('customer', b.email, TEST_PASSWORD);
  await configureProvider(ctx, admin);

  for (const [customer, tag] of [
    [a, 'Wohnung'],
    [b, B_MARKER],
  ] as const) {
    const project = await buildProject(ctx.db, customer.id, { name: `Projekt ${tag}` });
    await buildSubscription(ctx.db, customer.id, { startDate: '2026-01-01', endDate: '2026-12-31' });
    await buildHourPackage(ctx.db, customer.id, { purchaseDate: '2026-02-01' });
    await buildTimeEntry(ctx.db, customer.id, project.id, {
      activityDescription: `Einkauf ${tag}`,
      workDate: '2026-03-04',
    });
    await buildTimeEntry(ctx.db, customer.id, project.id, {
      activityDescription: `Fenster putzen ${tag}`,
      workDate: '2026-03-05',
      billingType: 'stundenpakete',
    });
  }

  plainEntryId = (await createEntry(ctx, setup, { title: 'Schlüssel', content: '<p>Beim Hausmeister</p>' })).id;
  const secret = await createEntry(ctx, setup, {
    category_id: setup.vault.id,
    title: 'WLAN',
    username: 'maria-wlan',
    content: 'Tresor-Geheimnis-Ä1',
    is_password_entry: true,
  });
  secretEntryId = secret.id;
  const docEntry = await createEntry(ctx, setup, { category_id: setup.docs.id, title: 'Reisepass' });
  expect((await upload(ctx, admin, docEntry.id, 'Reisepass Kopie.pdf', fileBytes)).statusCode).toBe(201);
  await createEntry(ctx, setup, { customer_id: b.id, title: `Notiz ${B_MARKER}` });

  // A: one invoice sent and paid, one sent and cancelled (with its Stornorechnung). B: one sent.
  const first = await createDraft(ctx, admin, a.id);
  paidInvoice = { id: first.id, number: (await sendInvoice(ctx, admin, first.id)).invoice_number };
  const paid = await ctx.request({
    method: 'POST',
    url: `/api/quickbill/invoices/${first.id}/mark-paid`,
    token: admin,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const second = await createDraft(ctx, admin, a.id);
  const secondNumber = (await sendInvoice(ctx, admin, second.id)).invoice_number;
  const cancel = await ctx.request({
    method: 'POST',
    url: `/api/quickbill/invoices/${second.id}/cancel`,
    token: admin,
  });
  expect(cancel.statusCode, cancel.body).toBeLessThan(300);
  const [note] = await ctx.db.select().from(invoices).where(eq(invoices.creditNoteForId, second.id));
  cancelled = { id: second.id, number: secondNumber, creditNoteId: note.id };
  const bInvoice = await createDraft(ctx, admin, b.id);
  await sendInvoice(ctx, admin, bInvoice.id);
});

describe('GET /api/customers/:id/data-export.zip', () => {
  it('is for staff only, with German errors for a bad or unknown id', async () => {
    const url = `/api/customers/${a.id}/data-export.zip`;
    expect((await get(url, null)).statusCode).toBe(401);
    const own = await get(url, customerToken);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('Keine Berechtigung für diese Aktion');
    expect((await get(url, otherToken)).statusCode).toBe(403);
    const bad = await get('/api/customers/abc/data-export.zip');
    expect(bad.statusCode).toBe(400);
    const unknown = await get('/api/customers/999999/data-export.zip');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Kunde nicht gefunden');
  });

  it('holds what the customer screens show, as their API answers', async () => {
    const zip = await downloadZip();
    const lounge = async (path: string) => {
      const res = await get(`/api/customers/${a.id}${path}`, customerToken);
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
      return res.json();
    };
    expect(await jsonOf(zip, 'uebersicht.json')).toEqual(await lounge('/dashboard'));
    expect(await jsonOf(zip, 'butlerpaket-aktuell.json')).toEqual(await lounge('/subscription'));
    // The referrals as the lounge shows them: of the people referred only the first name and
    // whether it counts (decision 0503), never the staff card with their addresses.
    const dashboard = await lounge('/dashboard');
    expect(await jsonOf(zip, 'empfehlungen.json')).toEqual({
      referral_code: (await get(`/api/customers/${a.id}`)).json().referral_code,
      ...dashboard.referral_data,
      referral_stats: dashboard.referral_stats,
    });
    expect(await jsonOf(zip, 'monatsuebersichten.json')).toEqual(await lounge('/statements'));
    expect(await jsonOf(zip, 'benachrichtigungen.json')).toEqual(await lounge('/notification-preferences'));
    expect(await jsonOf(zip, 'stammdaten.json')).toEqual((await get(`/api/customers/${a.id}`)).json());

    const list = async (path: string) => (await get(`${path}?customer_id=${a.id}&page_size=500`)).json();
    const entries = await jsonOf(zip, 'zeiteintraege.json');
    expect(entries).toEqual(await list('/api/time-entries'));
    expect(entries).toHaveLength(2);
    expect(await jsonOf(zip, 'projekte.json')).toEqual(await list('/api/projects'));
    expect(await jsonOf(zip, 'stundenpakete.json')).toEqual(await list('/api/hour-packages'));
    const subs = await jsonOf(zip, 'butlerpakete.json');
    const apiSubs = await list('/api/subscriptions');
    expect(subs.map(({ perioden, ...s }: { perioden: unknown }) => s)).toEqual(apiSubs);
    expect(subs[0].perioden).toEqual((await get(`/api/subscriptions/${apiSubs[0].id}/history`, customerToken)).json());

    const wiki = await jsonOf(zip, 'wiki.json');
    const plain = wiki.find((e: { id: number }) => e.id === plainEntryId);
    const { dateien: _, ...plainEntry } = plain;
    expect(plainEntry).toEqual((await get(`/api/wiki/entries/${plainEntryId}`)).json());
    const secret = wiki.find((e: { id: number }) => e.id === secretEntryId);
    expect(secret).toMatchObject({ content: 'Tresor-Geheimnis-Ä1', username: 'maria-wlan' });

    const rechnungen = await jsonOf(zip, 'rechnungen.json');
    expect(rechnungen.map((r: { id: number }) => r.id).sort()).toEqual(
      [paidInvoice.id, cancelled.id, cancelled.creditNoteId].sort(),
    );
    const detail = rechnungen.find((r: { id: number }) => r.id === paidInvoice.id);
    const { dateien, ...fields } = detail;
    expect(fields).toEqual((await get(`/api/quickbill/invoices/${paidInvoice.id}`)).json());
    expect(Object.keys(dateien).sort()).toEqual(['ebinterface', 'pdf', 'xml']);

    expect(zip.file('LIESMICH.txt')).not.toBeNull();
    expect(await zip.file('LIESMICH.txt')!.async('string')).toContain('Art. 15 DSGVO');
  });

  it('contains the wiki file and the issued documents byte for byte', async () => {
    const zip = await downloadZip();
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
    const file = names.find((n) => n.startsWith('wiki-dateien/') && n.endsWith('Reisepass Kopie.pdf'));
    expect(file).toBeDefined();
    expect(sha(await zip.file(file!)!.async('nodebuffer'))).toBe(sha(fileBytes));
    for (const [id, label, number] of [
      [paidInvoice.id, 'Rechnung', paidInvoice.number],
      [cancelled.id, 'Rechnung', cancelled.number],
    ] as const) {
      const pdf = (await get(`/api/quickbill/invoices/${id}/pdf`)).rawPayload;
      const xml = (await get(`/api/quickbill/invoices/${id}/xml`)).rawPayload;
      const base = `rechnungen/${label}-${number.replace(/[\\/:*?"<>|]/g, '_')}`;
      expect(sha(await zip.file(`${base}.pdf`)!.async('nodebuffer'))).toBe(sha(pdf));
      expect(sha(await zip.file(`${base}-Factur-X.xml`)!.async('nodebuffer'))).toBe(sha(xml));
    }
    expect(names.some((n) => n.startsWith('rechnungen/Stornorechnung-') && n.endsWith('.pdf'))).toBe(true);
  });

  it("never carries another customer's data", async () => {
    const zip = await downloadZip();
    for (const name of Object.keys(zip.files)) {
      if (zip.files[name].dir) continue;
      const text = (await zip.file(name)!.async('nodebuffer')).toString('latin1');
      expect(text.includes(B_MARKER), name).toBe(false);
      expect(text.includes(b.email), name).toBe(false);
      expect(text.includes(C_MARKER), name).toBe(false);
      expect(text.includes(referred.email), name).toBe(false);
    }
    expect((await jsonOf(zip, 'empfehlungen.json')).referrals).toEqual([
      { first_name: 'Cordula', counts_for_discount: false, discount_percentage: 0 },
    ]);
  });

  it('audits the export and each revealed password entry', async () => {
    await downloadZip();
    const reveals = (await get(`/api/customers/${a.id}/secret-reveals`)).json();
    expect(reveals.some((r: { entry_id: number }) => r.entry_id === secretEntryId)).toBe(true);
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'export'));
    expect(rows.at(-1)).toMatchObject({ entity: 'customer', entityId: String(a.id), customerId: a.id });
    expect(rows.at(-1)!.changes).toMatchObject({ password_entries_revealed: { after: 1 }, files: { after: 1 } });
  });
});

describe('POST /api/customers/:id/erasure', () => {
  const erase = (id: number, confirmation: unknown, token: string | null = admin) =>
    ctx.request({
      method: 'POST',
      url: `/api/customers/${id}/erasure`,
      token: token ?? undefined,
      payload: { confirmation } as object,
    });
  const fullName = () => `${a.firstName} ${a.lastName}`;

  async function snapshot() {
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, a.id));
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.customerId, a.id));
    const files = await ctx.db.select().from(wikiFiles);
    return { row, audit: audit.length, changes: audit.filter((r) => r.changes).length, files: files.length };
  }

  it('is for staff only', async () => {
    expect((await erase(a.id, fullName(), null)).statusCode).toBe(401);
    expect((await erase(a.id, fullName(), customerToken)).statusCode).toBe(403);
    expect((await erase(a.id, fullName(), otherToken)).statusCode).toBe(403);
    expect((await erase(999999, 'Niemand')).statusCode).toBe(404);
  });

  it('refuses a wrong name, drafts and unpaid invoices, and then changes nothing', async () => {
    const before = await snapshot();
    const wrong = await erase(a.id, 'Maria Falsch');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({
      confirmation: 'Bitte geben Sie zur Bestätigung den vollständigen Namen des Kunden genau ein',
    });
    expect((await erase(a.id, 42)).statusCode).toBe(400);

    const draft = await createDraft(ctx, admin, a.id);
    const blocked = await erase(a.id, fullName());
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toContain('1 Rechnungsentwurf');
    await sendInvoice(ctx, admin, draft.id);
    const unpaid = await erase(a.id, `  ${fullName().toUpperCase()} `);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toContain('1 offene Rechnung');
    const paid = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${draft.id}/mark-paid`,
      token: admin,
    });
    expect(paid.statusCode).toBe(200);

    const after = await snapshot();
    expect(after.row).toEqual(before.row);
    expect(after.files).toBe(before.files);
  });

  it('removes the person and the login, keeps the issued invoices byte for byte', async () => {
    const kept = await ctx.db.select().from(invoices).where(eq(invoices.customerId, a.id));
    const pdfs = new Map<number, string>();
    for (const inv of kept) pdfs.set(inv.id, sha((await get(`/api/quickbill/invoices/${inv.id}/pdf`)).rawPayload));
    const fileBlobs = (await ctx.db.select({ blobId: wikiFiles.blobId }).from(wikiFiles)).map((f) => f.blobId!);
    const bBefore = (await get(`/api/customers/${b.id}/data-export.zip`)).statusCode;

    const res = await erase(a.id, fullName());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Kunde gelöscht (DSGVO)',
      kept_invoices: kept.length,
      deleted: { projects: 1, time_entries: 2, hour_packages: 1, subscriptions: 1, wiki_entries: 3, wiki_files: 1 },
    });

    expect(await ctx.db.select().from(customers).where(eq(customers.id, a.id))).toEqual([]);
    expect((await get(`/api/customers/${a.id}`)).statusCode).toBe(404);
    expect((await get(`/api/customers/${a.id}/dashboard`, customerToken)).statusCode).toBe(401);
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.email, password: TEST_PASSWORD, user_type: 'customer' },
    });
    expect(login.statusCode).toBe(401);
    // The wiki file's bytes went with it (blob owner trigger); B's file rows stay untouched.
    const left = await ctx.db.select({ id: blobs.id }).from(blobs).where(inArray(blobs.id, fileBlobs));
    expect(left).toEqual([]);

    for (const inv of kept) {
      const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, inv.id));
      expect(row.customerId).toBeNull();
      expect(row.customerName).toBe(inv.customerName);
      expect(row.customerStreet).toBe(inv.customerStreet);
      const pdf = await get(`/api/quickbill/invoices/${inv.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(sha(pdf.rawPayload)).toBe(pdfs.get(inv.id));
    }

    const trail = await ctx.db.select().from(auditLog).where(eq(auditLog.customerId, a.id));
    const erasure = trail.find((r) => r.action === 'erase');
    expect(erasure).toBeDefined();
    const text = JSON.stringify(trail);
    expect(text).not.toContain(a.lastName);
    expect(text).not.toContain(a.email);
    expect(text).not.toContain('Tresor-Geheimnis');
    // Only the trail of money keeps values (§ 132 BAO, decision 0821): the rows of the issued
    // invoices and their payments, without any personal field; every other row lost them.
    const keptIds = new Set(kept.map((inv) => String(inv.id)));
    const money = (r: (typeof trail)[number]) => r.entity === 'invoice' && keptIds.has(r.entityId ?? '');
    expect(trail.filter((r) => r !== erasure && !money(r)).every((r) => r.changes === null)).toBe(true);
    const moneyRows = trail.filter(money);
    expect(moneyRows.map((r) => r.action)).toEqual(expect.arrayContaining(['send', 'payment']));
    for (const row of moneyRows) {
      for (const field of PERSONAL_AUDIT_FIELDS) expect(row.changes ?? {}).not.toHaveProperty(field);
    }

    // The other customer is untouched.
    expect((await get(`/api/customers/${b.id}`)).statusCode).toBe(200);
    expect((await get(`/api/customers/${b.id}/data-export.zip`)).statusCode).toBe(bBefore);
    expect((await get(`/api/customers/${b.id}/dashboard`, otherToken)).statusCode).toBe(200);
  });
});
