import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { configureProvider, createDraft, sendInvoice, today } from '../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { addDays } from '../../domain/calendar.js';
import { verifyArchive } from './archive-verify.js';

let ctx: TestContext;
let owner: string;
let office: string;
let accounting: string;
let customerId: number;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const firstOfThisMonth = () => `${today().slice(0, 7)}-01`;
/** A day late in the month before this one: that month is over, so it may be closed. */
const lastMonthDay = () => addDays(firstOfThisMonth(), -3);
const lastMonth = () => lastMonthDay().slice(0, 7);

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAdmin(ctx.db);
  owner = await ctx.login('admin', admin.username, TEST_PASSWORD);
  const bureau = await buildAdmin(ctx.db, { username: 'buero-handover', role: 'office' });
  office = await ctx.login('admin', bureau.username, TEST_PASSWORD);
  const books = await buildAdmin(ctx.db, { username: 'buchhaltung-handover', role: 'accounting' });
  accounting = await ctx.login('admin', books.username, TEST_PASSWORD);
  const customer = await buildCustomer(ctx.db, {
    firstName: 'Jürgen',
    lastName: 'Größinger',
    street: 'Herrengasse 3',
    postalCode: '8010',
    city: 'Graz',
  });
  customerId = customer.id;
  await configureProvider(ctx, owner);
});

async function issue(invoiceDate: string) {
  const draft = await createDraft(ctx, owner, customerId, { invoice_date: invoiceDate });
  const sent = await sendInvoice(ctx, owner, draft.id);
  return { id: draft.id as number, number: sent.invoice_number };
}

async function handover(token: string, payload: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: '/api/accounting/handovers', token, payload });
}

async function download(id: number) {
  const res = await ctx.request({ method: 'GET', url: `/api/accounting/handovers/${id}/download`, token: office });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return res.rawPayload;
}

describe('Einstellungen → Buchhaltung', () => {
  it('reads the Austrian defaults before the first save, and saves a valid chart with an audit row', async () => {
    const before = await ctx.request({ method: 'GET', url: '/api/accounting/settings', token: office });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ revenue_account_20: '4000', bank_account: '2800', updated_at: null });

    const chart = {
      ...before.json(),
      revenue_account_20: '4001',
      datev_consultant_number: 1234567,
      datev_client_number: 42,
    };
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/accounting/settings',
      token: accounting,
      payload: chart,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ revenue_account_20: '4001', datev_client_number: 42 });
    const audit = await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'accounting_settings'`,
    );
    expect(audit.rows[0]).toEqual({ n: 1 });
  });

  it('refuses a DATEV chart with the wrong account length in German and changes nothing', async () => {
    const current = (await ctx.request({ method: 'GET', url: '/api/accounting/settings', token: owner })).json();
    const res = await ctx.request({
      method: 'PUT',
      url: '/api/accounting/settings',
      token: owner,
      payload: { ...current, bank_account: '28000', datev_consultant_number: 1234567, datev_client_number: 42 },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Für DATEV hat ein Sachkonto genau 4 Ziffern');
    const after = (await ctx.request({ method: 'GET', url: '/api/accounting/settings', token: owner })).json();
    expect(after.bank_account).toBe(current.bank_account);
  });

  it('refuses one account for two roles with a German field error naming the clash, and changes nothing', async () => {
    const current = (await ctx.request({ method: 'GET', url: '/api/accounting/settings', token: owner })).json();
    const { updated_at: _u, updated_by: _b, ...chart } = current;
    const put = (payload: Record<string, unknown>) =>
      ctx.request({ method: 'PUT', url: '/api/accounting/settings', token: accounting, payload });
    const auditRows = async () =>
      (await ctx.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'accounting_settings'`))
        .rows[0];
    const rowsBefore = await auditRows();

    const revenueOnReceivables = await put({ ...chart, revenue_account_20: chart.receivables_account });
    expect(revenueOnReceivables.statusCode, revenueOnReceivables.body).toBe(400);
    expect(revenueOnReceivables.json().details).toMatchObject({
      revenue_account_20: 'Dieses Konto ist schon das Forderungskonto',
      receivables_account: 'Dieses Konto ist schon das Erlöskonto 20\u00a0%',
    });
    const cashOnBank = await put({ ...chart, cash_account: chart.bank_account });
    expect(cashOnBank.statusCode).toBe(400);
    expect(cashOnBank.json().details.cash_account).toBe('Dieses Konto ist schon das Bankkonto');
    // Leading zeros do not make it another account; two VAT rates never share one.
    const sameRevenue = await put({ ...chart, revenue_account_10: `0${chart.revenue_account_20}` });
    expect(sameRevenue.statusCode).toBe(400);
    expect(sameRevenue.json().details.revenue_account_10).toBe('Dieses Konto ist schon das Erlöskonto 20\u00a0%');
    const inCustomerRange = await put({ ...chart, receivables_mode: 'per_customer', bank_account: '200010' });
    expect(inCustomerRange.statusCode).toBe(400);
    expect(inCustomerRange.json().details.bank_account).toBe(
      'Dieses Konto liegt im Bereich der Kundenkonten (200000–299999)',
    );

    const unchanged = (await ctx.request({ method: 'GET', url: '/api/accounting/settings', token: owner })).json();
    expect(unchanged).toEqual(current);
    expect(await auditRows()).toEqual(rowsBefore);

    // Mahnspesen and Verzugszinsen may share one account, if the adviser wants.
    const shared = await put({ ...chart, interest_account: chart.reminder_fee_account });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().interest_account).toBe(chart.reminder_fee_account);
    expect((await put(chart)).statusCode).toBe(200);
  });

  it('lets the Büro read but not change the chart', async () => {
    const current = (await ctx.request({ method: 'GET', url: '/api/accounting/settings', token: office })).json();
    const res = await ctx.request({ method: 'PUT', url: '/api/accounting/settings', token: office, payload: current });
    expect(res.statusCode).toBe(403);
  });
});

describe('Übergabe an die Steuerberatung', () => {
  it('packs booking files, the issued documents byte for byte, an index and a manifest, kept and downloadable again', async () => {
    const invoice = await issue(lastMonthDay());
    const res = await handover(accounting, { period: lastMonth(), formats: ['bmd', 'datev'] });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({
      period: lastMonth(),
      formats: ['bmd', 'datev'],
      is_correction: false,
      closed_period: false,
    });

    const zipBytes = await download(made.id);
    expect(sha256(zipBytes)).toBe(made.sha256);
    expect(await download(made.id)).toEqual(zipBytes);

    const zip = await JSZip.loadAsync(zipBytes);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    expect(names).toContain(`Buchungen/BMD_Buchungen_${lastMonth()}.csv`);
    expect(names).toContain(`Buchungen/EXTF_Buchungsstapel_${lastMonth()}.csv`);
    const pdfName = `Belege/Rechnungen/Rechnung-${invoice.number.replace(/[^\w.-]+/g, '_')}.pdf`;
    expect(names).toContain(pdfName);

    // The PDF in the ZIP is the one the customer got.
    const pdf = await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${invoice.id}/pdf`, token: owner });
    expect(await zip.file(pdfName)!.async('nodebuffer')).toEqual(pdf.rawPayload);

    // SHA256SUMS.txt names every other file with its hash, as `sha256sum -c` reads it.
    const sums = (await zip.file('SHA256SUMS.txt')!.async('string')).trim().split('\n');
    const listed = new Map(sums.map((line) => [line.slice(66), line.slice(0, 64)]));
    expect([...listed.keys()].sort()).toEqual(names.filter((n) => n !== 'SHA256SUMS.txt').sort());
    for (const [name, hash] of listed) expect(sha256(await zip.file(name)!.async('nodebuffer'))).toBe(hash);

    // Uebergabe.txt says what the ZIP is, for an adviser who opens it without the portal.
    const protocol = (await zip.file('Uebergabe.txt')!.async('nodebuffer')).toString('utf8');
    expect(protocol.startsWith('\uFEFFÜbergabe an die Steuerberatung: ')).toBe(true);
    expect(protocol).toContain('Buchungsdateien: BMD NTCS, DATEV (EXTF Buchungsstapel)\r\n');
    expect(protocol).toContain('Festschreibung: Der Zeitraum ist mit dieser Übergabe nicht abgeschlossen.');
    expect(protocol).not.toContain('Korrektur');
    expect(protocol).toMatch(/Erstellt am \d\d\.\d\d\.\d{4}, \d\d:\d\d von .+\r\n$/);

    const index = await zip.file('Index.csv')!.async('string');
    expect(index).toContain(pdfName);
    expect(index).toContain('Größinger');

    const list = await ctx.request({ method: 'GET', url: '/api/accounting/handovers', token: office });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe(String(list.json().total));
    expect(list.json().items[0]).toMatchObject({ id: made.id, sha256: made.sha256 });
  });

  it('refuses a period that has not begun, closing one that is not over, and an empty format list, in German', async () => {
    const nextYear = String(Number(today().slice(0, 4)) + 1);
    const future = await handover(accounting, { period: `${nextYear}-01`, formats: ['bmd'] });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(`Jänner ${nextYear} hat noch nicht begonnen.`);

    const running = await handover(accounting, { period: today().slice(0, 7), formats: ['bmd'], close: true });
    expect(running.statusCode).toBe(400);
    expect(running.json().error).toContain('ist noch nicht vorbei');

    const none = await handover(accounting, { period: lastMonth(), formats: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain('Bitte wählen Sie mindestens ein Format');

    const closed = await ctx.db.execute(sql`SELECT count(*)::int AS n FROM closed_months`);
    expect(closed.rows[0]).toEqual({ n: 0 });
  });

  it('closes the months with the export; after reopening, the next export is a correction', async () => {
    const closing = await handover(accounting, { period: lastMonth(), formats: ['bmd'], close: true });
    expect(closing.statusCode, closing.body).toBe(201);
    expect(closing.json()).toMatchObject({ closed_period: true, is_correction: false, months_state: 'closed' });
    const months = await ctx.request({ method: 'GET', url: '/api/accounting/closed-months', token: office });
    expect(months.statusCode).toBe(200);
    expect(JSON.stringify(months.json())).toContain(lastMonth());

    const refused = await ctx.request({
      method: 'POST',
      url: `/api/accounting/closed-months/${lastMonth()}/reopen`,
      token: accounting,
      payload: { reason: 'Zahlung falsch zugeordnet' },
    });
    expect(refused.statusCode).toBe(403);
    const reopened = await ctx.request({
      method: 'POST',
      url: `/api/accounting/closed-months/${lastMonth()}/reopen`,
      token: owner,
      payload: { reason: 'Zahlung falsch zugeordnet' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    // The kept handovers show the month as it stands now, as "Abgeschlossene Zeiträume" does.
    const listed = (await ctx.request({ method: 'GET', url: '/api/accounting/handovers', token: office })).json();
    const ofMonth = listed.items.filter((h: { period: string }) => h.period === lastMonth());
    expect(ofMonth.find((h: { id: number }) => h.id === closing.json().id)).toMatchObject({
      closed_period: true,
      months_state: 'reopened',
    });
    expect(ofMonth.every((h: { months_state: string }) => h.months_state === 'reopened')).toBe(true);

    const correction = await handover(accounting, { period: lastMonth(), formats: ['bmd', 'datev'] });
    expect(correction.statusCode, correction.body).toBe(201);
    const made = correction.json();
    expect(made.is_correction).toBe(true);
    // The correction says so in its own files too, not only in the portal's list (decision 0822).
    expect(made.file_name).toBe(`Uebergabe_${lastMonth()}_Korrektur_${made.id}.zip`);
    const res = await ctx.request({
      method: 'GET',
      url: `/api/accounting/handovers/${made.id}/download`,
      token: office,
    });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${made.file_name}"`);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const bmd = `Buchungen/BMD_Buchungen_${lastMonth()}_Korrektur.csv`;
    const datev = `Buchungen/EXTF_Buchungsstapel_${lastMonth()}_Korrektur.csv`;
    expect(Object.keys(zip.files)).toEqual(expect.arrayContaining([bmd, datev]));
    const header = (await zip.file(datev)!.async('nodebuffer')).toString('latin1').split('\r\n')[0]!.split(';');
    expect(header[16]).toBe(`"Korrektur Buchungen ${lastMonth()}"`);
    const index = parse((await zip.file('Index.csv')!.async('string')).replace(/^\uFEFF/, ''), {
      delimiter: ';',
      columns: true,
    }) as Record<string, string>[];
    expect(index.length).toBeGreaterThan(2);
    expect(index.every((line) => line.Korrektur === 'Ja')).toBe(true);
    expect(index.slice(0, 2).map((line) => [line.Datei, line.Art])).toEqual([
      [bmd, 'Buchungsdatei BMD'],
      [datev, 'Buchungsdatei DATEV'],
    ]);
    // The adviser reads in the ZIP why it is a correction: who reopened the month, and why.
    const protocol = (await zip.file('Uebergabe.txt')!.async('string')).replace(/^\uFEFF/, '');
    expect(protocol).toContain('Korrektur: Diese Übergabe ersetzt die frühere desselben Zeitraums');
    expect(protocol).toMatch(
      /Wieder geöffnet \d\d\/\d{4} am \d\d\.\d\d\.\d{4}, \d\d:\d\d von .+: Zahlung falsch zugeordnet\r\n/,
    );
    expect(protocol).toContain('Festschreibung: Der Zeitraum ist mit dieser Übergabe nicht abgeschlossen.');
    // Only the newest handover of the month is its current file; the closing one before is "ersetzt".
    const afterCorrection = (
      await ctx.request({ method: 'GET', url: '/api/accounting/handovers', token: office })
    ).json();
    const byId = new Map(afterCorrection.items.map((h: { id: number; superseded: boolean }) => [h.id, h.superseded]));
    expect([byId.get(closing.json().id), byId.get(made.id)]).toEqual([true, false]);

    // Still reopened: a second export is a correction too (decision 0821), and so is the one
    // that closes the month again; only after that closing is an export plain again.
    const stillOpen = await handover(accounting, { period: lastMonth(), formats: ['bmd'] });
    expect(stillOpen.json()).toMatchObject({ is_correction: true, months_state: 'reopened' });
    const closingAgain = await handover(accounting, { period: lastMonth(), formats: ['bmd'], close: true });
    expect(closingAgain.statusCode, closingAgain.body).toBe(201);
    expect(closingAgain.json()).toMatchObject({ is_correction: true, closed_period: true, months_state: 'closed' });
    const closingProtocol = (await JSZip.loadAsync(await download(closingAgain.json().id)))
      .file('Uebergabe.txt')!
      .async('string');
    expect(await closingProtocol).toContain('Festschreibung: Der Zeitraum wurde mit dieser Übergabe abgeschlossen.');
    const again = await handover(accounting, { period: lastMonth(), formats: ['bmd'] });
    expect(again.json().is_correction).toBe(false);
    expect(again.json().file_name).toBe(`Uebergabe_${lastMonth()}_${again.json().id}.zip`);
    const plain = await JSZip.loadAsync(await download(again.json().id));
    expect(Object.keys(plain.files)).toContain(`Buchungen/BMD_Buchungen_${lastMonth()}.csv`);
    const plainIndex = parse((await plain.file('Index.csv')!.async('string')).replace(/^\uFEFF/, ''), {
      delimiter: ';',
      columns: true,
    }) as Record<string, string>[];
    expect(plainIndex.map((line) => line.Korrektur)).toEqual(plainIndex.map(() => 'Nein'));
  });

  it('only Inhaber and Buchhaltung make one; the Büro may download', async () => {
    const res = await handover(office, { period: lastMonth(), formats: ['bmd'] });
    expect(res.statusCode).toBe(403);
  });
});

describe('npm run archive:verify', () => {
  it('finds every kept export intact, and names a stored document changed afterwards', async () => {
    const clean = await verifyArchive(ctx.db);
    expect(clean.exports).toBeGreaterThan(0);
    expect(clean.documents).toBeGreaterThan(0);
    expect(clean.differences).toEqual([]);

    // Tamper with the first byte of a stored invoice PDF that an export holds.
    const [doc] = (
      await ctx.db.execute(
        sql`SELECT d.blob_id FROM invoice_documents d WHERE d.kind = 'pdf' ORDER BY d.invoice_id LIMIT 1`,
      )
    ).rows as { blob_id: number }[];
    await ctx.db.execute(
      sql`UPDATE blob_chunks SET data = overlay(data PLACING '\\x00'::bytea FROM 1 FOR 1) WHERE blob_id = ${doc!.blob_id} AND seq = 0`,
    );
    const tampered = await verifyArchive(ctx.db);
    expect(tampered.differences.length).toBeGreaterThan(0);
    expect(tampered.differences.every((d) => d.problem === 'gespeicherter Beleg verändert')).toBe(true);
    expect(tampered.differences[0]!.path).toMatch(/^Belege\/Rechnungen\/Rechnung-.*\.pdf$/);
  });
});
