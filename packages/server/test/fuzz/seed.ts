import { todayInVienna } from '@butler/contract/format';
import { addDays } from '../../src/domain/calendar.js';
import { buildHourPackage, buildProject, buildSubscription, buildTimeEntry, buildWikiCategory } from '../factories.js';
import type { TestContext } from '../test-app.js';

/** What seeding needs: the test context, an admin token, the ButlerPaket template. */
export type Seed = { ctx: TestContext; token: string; templateId: number };

/** A call as the admin that must succeed (seeding, not fuzzing). */
export async function seedApi(seed: Seed, method: string, url: string, payload?: unknown) {
  const res = await seed.ctx.request({ method: method as any, url, payload: payload as any, token: seed.token });
  if (res.statusCode >= 300) throw new Error(`seeding ${method} ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A customer's data: projects, a ButlerPaket around today with entries, an hour package,
 * wiki entries (a password entry, a file; a featured reference for the bystander), a draft
 * and an issued invoice. `mark` gives each text its marker; `only` limits it to the kinds
 * the fuzzer deleted.
 */
export async function fillCustomer(
  seed: Seed,
  customerId: number,
  options: { mark: (table: string) => string; featured: boolean; only?: Set<string> },
) {
  const { ctx } = seed;
  const { mark: m, featured, only } = options;
  const want = (table: string) => !only || only.has(table);
  const api = (method: string, url: string, payload?: unknown) => seedApi(seed, method, url, payload);
  const today = todayInVienna();
  if (want('projects')) await buildProject(ctx.db, customerId, { name: `Haushalt ${m('projects')}` });
  if (want('subscriptions')) {
    await buildSubscription(ctx.db, customerId, {
      templateId: seed.templateId,
      startDate: addDays(today, -200),
      endDate: addDays(addDays(today, -200), 729),
      durationMonths: 24,
      agreements: `Vereinbart ${m('subscriptions')}`,
    });
  }
  if (want('time_entries')) {
    const project = (await firstRow(ctx, 'projects', customerId)) ?? (await buildProject(ctx.db, customerId)).id;
    for (const [days, type] of [
      [-100, 'abos'],
      [-3, 'abos'],
      [-40, 'stundenpakete'],
    ] as const) {
      const workDate = addDays(today, days);
      // Seed no booking outside every term: the fuzzer may have moved the ButlerPaket.
      const billingType = type === 'abos' && !(await covered(ctx, customerId, workDate)) ? 'stundenpakete' : type;
      await buildTimeEntry(ctx.db, customerId, project, {
        workDate,
        billingType,
        activityDescription: `Einkauf ${m('time_entries')}`,
      });
    }
  }
  if (want('hour_packages')) await buildHourPackage(ctx.db, customerId, { purchaseDate: addDays(today, -50) });
  if (want('wiki_entries') || want('wiki_files')) {
    await api('POST', '/api/wiki/entries', {
      customer_id: customerId,
      category_id: await category(ctx, 'Notizen', {}),
      title: `Notiz ${m('wiki_entries')}`,
      content: `<p>Schlüssel beim Nachbarn ${m('wiki_entries')}</p>`,
    });
    await api('POST', '/api/wiki/entries', {
      customer_id: customerId,
      category_id: await category(ctx, 'Passwörter', { allowsEncryption: true, allowsFiles: true }),
      title: `WLAN ${m('wiki_entries')}`,
      content: `geheim-${m('wiki_entries')}`,
      username: `nutzer-${m('wiki_entries')}`,
      is_password_entry: true,
    });
    const docs = await api('POST', '/api/wiki/entries', {
      customer_id: customerId,
      category_id: await category(ctx, featured ? 'Projekte' : 'Dokumente', { allowsFiles: true }),
      title: `Pläne ${m('wiki_entries')}`,
      content: `<p>Grundriss ${m('wiki_entries')}</p>`,
    });
    await upload(seed, docs.id, `grundriss-${m('wiki_files')}.txt`);
    if (featured) await api('PUT', `/api/wiki/projects/${docs.id}/featured`, { is_featured: true });
  }
  if (want('invoices')) {
    const item = (text: string) => ({ description: text, quantity: 2, unit: 'h', unit_price: 49, tax_rate: 20 });
    await api('POST', '/api/quickbill/invoices', {
      customer_id: customerId,
      invoice_date: today,
      items: [item(`Entwurf ${m('invoice_items')}`)],
    });
    const issued = await api('POST', '/api/quickbill/invoices', {
      customer_id: customerId,
      invoice_date: today,
      items: [item(`Betreuung ${m('invoice_items')}`)],
    });
    // The fuzzer may have emptied the invoice settings; a draft is worth having anyway.
    await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${issued.id}/send`,
      token: seed.token,
    });
  }
}

async function firstRow(ctx: TestContext, table: 'projects', customerId: number): Promise<number | undefined> {
  const result = await ctx.db.$client.query(`SELECT id FROM ${table} WHERE customer_id = $1 LIMIT 1`, [customerId]);
  return result.rows[0]?.id;
}

async function covered(ctx: TestContext, customerId: number, date: string) {
  const result = await ctx.db.$client.query(
    'SELECT 1 FROM subscriptions WHERE customer_id = $1 AND start_date <= $2 AND end_date >= $2',
    [customerId, date],
  );
  return result.rowCount! > 0;
}

/** The wiki category of that name, created again if the fuzzer renamed or deleted it. */
async function category(ctx: TestContext, name: string, flags: { allowsEncryption?: boolean; allowsFiles?: boolean }) {
  const result = await ctx.db.$client.query(
    'SELECT id FROM wiki_categories WHERE name = $1 AND allows_files = $2 AND allows_encryption = $3 LIMIT 1',
    [name, flags.allowsFiles ?? false, flags.allowsEncryption ?? false],
  );
  if (result.rows[0]) return Number(result.rows[0].id);
  return (await buildWikiCategory(ctx.db, { name, ...flags })).id;
}

async function upload(seed: Seed, entryId: number, filename: string) {
  const boundary = '----fuzzworld';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\nInhalt\r\n--${boundary}--\r\n`;
  const res = await seed.ctx.request({
    method: 'POST',
    url: `/api/wiki/entries/${entryId}/files`,
    token: seed.token,
    payload: Buffer.from(body),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (res.statusCode !== 201) throw new Error(`seeding upload failed: ${res.statusCode} ${res.body}`);
}
