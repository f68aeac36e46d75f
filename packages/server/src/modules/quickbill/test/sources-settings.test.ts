import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildCustomer,
  buildHourPackage,
  buildSubscription,
  TEST_PASSWORD,
} from '../../../../test/factories.js';
import { configureProvider } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAdmin(ctx.db);
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
});

describe('invoice sources', () => {
  it('drafts an invoice for an hour-package sale, once per package', async () => {
    const customer = await buildCustomer(ctx.db, { firstName: 'Paula', lastName: 'Paket' });
    const pkg = await buildHourPackage(ctx.db, customer.id, {
      hours: '10',
      pricePerHour: '50',
      discountPercentage: '10',
      totalPrice: '450',
      purchaseDate: '2026-02-03',
    });
    const url = `/api/quickbill/invoices/from-hour-package/${pkg.id}`;
    const res = await ctx.request({ method: 'POST', url, token });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'draft',
      customer_name: 'Paula Paket',
      hour_package_id: pkg.id,
      service_period_start: '2026-02-03',
      total_net: 450,
      total_gross: 540,
    });
    expect(res.json().items[0].description).toBe('Stundenpaket: 10,00 Stunden à € 50,00, abzüglich 10,00 % Rabatt');
    const again = await ctx.request({ method: 'POST', url, token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Für dieses Stundenpaket besteht bereits eine Rechnung');
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/invoices/from-hour-package/999999',
      token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Stundenpaket nicht gefunden');
  });

  it('drafts one invoice per active subscription month and skips months already billed', async () => {
    const a = await buildCustomer(ctx.db, { firstName: 'Abo', lastName: 'Eins' });
    const b = await buildCustomer(ctx.db, { firstName: 'Abo', lastName: 'Zwei' });
    const inactive = await buildCustomer(ctx.db);
    const subA = await buildSubscription(ctx.db, a.id, {
      startDate: '2030-01-15',
      endDate: '2030-12-14',
      monthlyPrice: '480',
    });
    const subB = await buildSubscription(ctx.db, b.id, {
      startDate: '2030-03-01',
      endDate: '2031-02-28',
      durationMonths: 12,
    });
    await buildSubscription(ctx.db, inactive.id, { startDate: '2030-01-01', endDate: '2030-12-31', isActive: false });

    const run = (month: number) =>
      ctx.request({ method: 'POST', url: '/api/quickbill/monthly-run', token, payload: { year: 2030, month } });
    const march = await run(3);
    expect(march.statusCode, march.body).toBe(200);
    expect(march.json().skipped).toBe(0);
    expect(
      march
        .json()
        .created.map((c: { subscription_id: number }) => c.subscription_id)
        .sort(),
    ).toEqual([subA.id, subB.id].sort());
    const draftA = march.json().created.find((c: { subscription_id: number }) => c.subscription_id === subA.id);
    const detail = (await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draftA.id}`, token })).json();
    expect(detail).toMatchObject({
      billing_month: '2030-03',
      service_period_start: '2030-03-15',
      service_period_end: '2030-04-14',
      total_net: 480,
      total_gross: 576,
    });
    expect(detail.items[0]).toMatchObject({
      description: 'ButlerPaket Classic · März 2030 · 10 h',
      unit: 'Monat',
    });

    const again = await run(3);
    expect(again.json()).toEqual({ created: [], skipped: 2 });
    const february = await run(2);
    expect(february.json().created.map((c: { subscription_id: number }) => c.subscription_id)).toEqual([subA.id]);
    const bad = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/monthly-run',
      token,
      payload: { year: 2030, month: 13 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('products', () => {
  it('creates, lists, updates and deletes products with validated prices and tax rates', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/products',
      token,
      payload: { name: 'Fenster putzen', unit: 'h', unit_price: 45.5, tax_rate: 20 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Fenster putzen', unit_price: 45.5, tax_rate: 20, is_active: true });
    const id = created.json().id;
    const bad = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/products',
      token,
      payload: { name: '', unit_price: 'x', tax_rate: 7 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatchObject({
      name: 'Bitte geben Sie einen Namen an',
      tax_rate: 'Der Steuersatz muss 20, 13, 10 oder 0\u00a0% sein',
    });
    const updated = await ctx.request({
      method: 'PUT',
      url: `/api/quickbill/products/${id}`,
      token,
      payload: { name: 'Fenster putzen', unit: 'h', unit_price: 48, tax_rate: 20, is_active: false },
    });
    expect(updated.json()).toMatchObject({ unit_price: 48, is_active: false });
    const active = (await ctx.request({ method: 'GET', url: '/api/quickbill/products?active=true', token })).json();
    expect(active.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await ctx.request({ method: 'DELETE', url: `/api/quickbill/products/${id}`, token })).statusCode).toBe(200);
    const gone = await ctx.request({ method: 'DELETE', url: `/api/quickbill/products/${id}`, token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('Produkt nicht gefunden');
  });
});

describe('settings', () => {
  it('validates IBAN check digits, UID format and the number format in German', async () => {
    const res = await ctx.request({
      method: 'PUT',
      url: '/api/quickbill/settings',
      token,
      payload: {
        iban: 'AT61 1904 3002 3457 3202',
        uid: 'DE123',
        invoice_number_format: '{NNNN}',
        payment_terms_days: -1,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({
      iban: 'Die IBAN ist ungültig (Prüfziffer stimmt nicht)',
      uid: 'Die UID-Nummer muss das Format ATU12345678 haben',
      invoice_number_format: 'Das Nummernformat braucht {YYYY} (oder {YY}) und {NNNN}, z. B. {YYYY}-{NNNN}',
      payment_terms_days: 'Das Zahlungsziel darf nicht negativ sein',
    });
  });

  it('saves partially, normalises IBAN and UID, and applies number format and payment terms to new invoices', async () => {
    const saved = await configureProvider(ctx, token, {
      uid: 'atu 1234 5675',
      invoice_number_format: 'RE-{YY}/{NNN}',
      payment_terms_days: 30,
    });
    expect(saved).toMatchObject({
      iban: 'AT611904300234573201',
      uid: 'ATU12345675',
      payment_terms_days: 30,
      has_logo: false,
    });
    const partial = await ctx.request({
      method: 'PUT',
      url: '/api/quickbill/settings',
      token,
      payload: { invoice_footer: 'Danke!' },
    });
    expect(partial.json()).toMatchObject({ invoice_footer: 'Danke!', company_name: 'Mein BUTLER e.U.' });

    const customer = await buildCustomer(ctx.db, { street: 'Gasse 1', postalCode: '1010', city: 'Wien' });
    const draft = (
      await ctx.request({
        method: 'POST',
        url: '/api/quickbill/invoices',
        token,
        payload: {
          customer_id: customer.id,
          invoice_date: '2031-05-02',
          items: [{ description: 'x', quantity: 1, unit: 'h', unit_price: 10, tax_rate: 20 }],
        },
      })
    ).json();
    expect(draft.due_date).toBe('2031-06-01');
    const sent = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/send`, token });
    expect(sent.json().invoice_number).toBe('RE-31/001');
    await configureProvider(ctx, token, { invoice_number_format: '{YYYY}-{NNNN}', payment_terms_days: 14 });
  });

  it('keeps a WhatsApp number for the lounge’s contact dialog, refusing one that is no number (decision 0761)', async () => {
    const put = (whatsapp_number: string) =>
      ctx.request({ method: 'PUT', url: '/api/quickbill/settings', token, payload: { whatsapp_number } });
    const bad = await put('ruf mich an');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.whatsapp_number).toBe('Bitte geben Sie eine Mobilnummer an, z. B. +43 664 1234567');
    const saved = await put(' +43 664 391 82 74 ');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().whatsapp_number).toBe('+43 664 391 82 74');
    const customer = await buildCustomer(ctx.db);
    const customerToken = await ctx.login('customer', customer.email, TEST_PASSWORD);
    const lounge = await ctx.request({
      method: 'GET',
      url: `/api/customers/${customer.id}/dashboard`,
      token: customerToken,
    });
    expect(lounge.json().contact.whatsapp_number).toBe('+43 664 391 82 74');
    expect((await put('')).json().whatsapp_number).toBe('');
  });

  it('accepts a PNG or JPEG logo up to 512 KB and refuses other files', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = (content: Buffer, filename: string) => {
      const boundary = '----quickbill';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return ctx.request({
        method: 'POST',
        url: '/api/quickbill/settings/logo',
        token,
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    const ok = await upload(png, 'logo.png');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().has_logo).toBe(true);
    const logo = await ctx.request({ method: 'GET', url: '/api/quickbill/settings/logo', token });
    expect(logo.headers['content-type']).toBe('image/png');
    const text = await upload(Buffer.from('kein Bild'), 'logo.txt');
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe('Das Logo muss ein PNG- oder JPEG-Bild sein');
    const big = await upload(Buffer.concat([png, Buffer.alloc(600 * 1024)]), 'big.png');
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('Die Datei ist zu groß');
  });
});
