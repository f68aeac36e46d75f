import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureProvider } from '../../../test/quickbill-helpers.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { makeTestTempDir } from '../../../test/temp-dirs.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';

/** A built web app in miniature: the pre-rendered login with the marks the real one carries. */
const LOGIN = `<!doctype html><html><head><title>Mein BUTLER</title></head><body><div id="root">
<svg width="48" data-brand-seal="48"><rect></rect><text data-brand-initial="true">B</text></svg>
<span class="x" data-brand-name="true">Mein BUTLER</span><p>© 2026 <span data-brand-name="true">Mein BUTLER</span></p>
</div></body></html>`;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let ctx: TestContext;
let owner: StaffMember;
beforeAll(async () => {
  const webDist = await makeTestTempDir('web');
  await fs.writeFile(path.join(webDist, 'index.html'), LOGIN.replace('Mein BUTLER</span><p>', 'Mein BUTLER</span><p>'));
  await fs.writeFile(path.join(webDist, 'login.html'), LOGIN);
  ctx = await createTestContext({}, { webDist });
  owner = await staffMember(ctx, 'owner');
});

const page = (url = '/', headers: Record<string, string> = {}) => ctx.request({ method: 'GET', url, headers });

describe('the owner’s brand on the served pages (no rebuild)', () => {
  it('serves the default brand until a company name is set, revalidated on every load', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<span class="x" data-brand-name="true">Mein BUTLER</span>');
    expect(res.body).toContain(
      '<script type="application/json" id="brand-data">{"name":null,"accent":null,"logo_url":null}</script>',
    );
    const again = await page('/', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('puts a changed name, accent and logo into the login at once, escaped, with a new ETag', async () => {
    const before = await page();
    await configureProvider(ctx, owner.token, {
      company_name: 'Huber & Söhne <script>alert("x")</script>',
      accent_color: '#F4C542',
    });
    const res = await page();
    expect(res.headers.etag).not.toBe(before.headers.etag);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).toContain(
      '<span class="x" data-brand-name="true">Huber &amp; Söhne &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</span>',
    );
    expect(res.body).toContain('<title>Huber &amp; Söhne &lt;script&gt;');
    expect(res.body).toContain('<text data-brand-initial="true">H</text>');
    expect(res.body).toContain(':root{--brand-accent:#f4c542}');
    // Inside the JSON script nothing can close the element.
    const json = /<script type="application\/json" id="brand-data">(.*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(json).not.toMatch(/<|>/);
    expect(JSON.parse(json).name).toBe('Huber & Söhne <script>alert("x")</script>');

    const boundary = '----brand';
    const upload = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/settings/logo',
      token: owner.token,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const withLogo = await page('/admin/login');
    const src = /<img src="(\/api\/brand\/logo\?v=[0-9a-f]{16})"/.exec(withLogo.body)?.[1];
    expect(src).toBeDefined();
    expect(withLogo.body).not.toContain('data-brand-seal');
    const logo = await ctx.request({ method: 'GET', url: src! });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(Buffer.from(logo.rawPayload).equals(PNG)).toBe(true);
    expect((await ctx.request({ method: 'GET', url: '/api/brand' })).json()).toMatchObject({
      accent: '#f4c542',
      logo_url: src,
    });
  });

  it('sends the page compressed when the browser accepts it', async () => {
    const res = await page('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('refuses an accent colour without enough contrast, in German, with a lighter suggestion', async () => {
    const res = await as(ctx, owner.token).put('/api/quickbill/settings', { accent_color: '#8b0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.accent_color).toMatch(
      /^Zu wenig Kontrast: #8b0000 hat auf dem dunkelblauen Kopfbereich nur 1,\d:1, nötig sind mindestens 4,5:1\. Eine hellere Variante wäre #[0-9a-f]{6}\.$/,
    );
    const suggestion = /wäre (#[0-9a-f]{6})/.exec(res.json().details.accent_color)![1];
    const ok = await as(ctx, owner.token).put('/api/quickbill/settings', { accent_color: suggestion });
    expect(ok.statusCode, ok.body).toBe(200);
    const bad = await as(ctx, owner.token).put('/api/quickbill/settings', { accent_color: 'rot' });
    expect(bad.json().details.accent_color).toBe('Bitte geben Sie die Farbe als Hex-Wert an, z. B. #e0b746');
  });
});
