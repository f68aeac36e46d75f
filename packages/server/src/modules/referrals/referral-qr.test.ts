import { eq } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { buildCustomer } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { providerSettings } from '../../db/schema/index.js';

// jsqr is CommonJS whose types declare an ES default export; take whichever the loader gives.
const jsQR: typeof jsQRModule.default = (jsQRModule as any).default ?? jsQRModule;

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});

const GIFT = 'kostenloses Kennenlerngespräch und 2 Stunden gratis bei der ersten Bestellung';

function decodeDataUrl(dataUrl: string) {
  const prefix = 'data:image/png;base64,';
  expect(dataUrl.startsWith(prefix)).toBe(true);
  const png = PNG.sync.read(Buffer.from(dataUrl.slice(prefix.length), 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { png, code };
}

describe('GET /api/customers/{id}/qr-code', () => {
  it('answers a 256 px PNG QR code (level L) carrying the code and the gift, the mailto link and the code', async () => {
    const customer = await buildCustomer(ctx.db, { firstName: 'Greta', referralCode: 'GRETA234' });
    const res = await ctx.request({
      method: 'GET',
      url: `/api/customers/${customer.id}/qr-code`,
      token: actors.tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.referral_code).toBe('GRETA234');

    const { png, code } = decodeDataUrl(body.qr_code);
    // qrcode scales modules to width 256 and floors the float product, so 255 can come out.
    expect(png.width).toBeGreaterThanOrEqual(255);
    expect(png.width).toBeLessThanOrEqual(256);
    expect(png.height).toBe(png.width);
    expect(code).not.toBeNull();
    const expectedText = `Mein BUTLER – Empfehlungscode: GRETA234\nDein Geschenk: ${GIFT}.`;
    expect(code!.data).toBe(expectedText);
    // Level L needs the smallest symbol for this text; M would need a larger version.
    expect(code!.version).toBe(QRCode.create(expectedText, { errorCorrectionLevel: 'L' }).version);
    expect(QRCode.create(expectedText, { errorCorrectionLevel: 'M' }).version).toBeGreaterThan(code!.version);

    const mailto = new URL(body.mailto_link);
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toBe('');
    const subject = decodeURIComponent(/subject=([^&]*)/.exec(body.mailto_link)![1]);
    const mailBody = decodeURIComponent(/body=([^&]*)/.exec(body.mailto_link)![1]);
    expect(subject).toBe('Mein Empfehlungscode für Mein BUTLER: GRETA234');
    expect(mailBody).toContain('Mit meinem Empfehlungscode GRETA234 bekommst du ein');
    expect(mailBody).toContain(GIFT);
    expect(mailBody.trim().endsWith('Greta')).toBe(true);
    // Spaces as %20, never '+', so every mail program shows them as spaces.
    expect(body.mailto_link).not.toContain('+');
  });

  it('names the provider and its contact address when they are configured', async () => {
    await ctx.db
      .insert(providerSettings)
      .values({ id: 1, companyName: 'Butler Wien', contactEmail: 'hallo@butler.example.at' })
      .onConflictDoUpdate({
        target: providerSettings.id,
        set: { companyName: 'Butler Wien', contactEmail: 'hallo@butler.example.at' },
      });
    const customer = await buildCustomer(ctx.db, { referralCode: 'WIEN2345' });
    const body = (
      await ctx.request({ method: 'GET', url: `/api/customers/${customer.id}/qr-code`, token: actors.tokens.admin })
    ).json();
    expect(decodeDataUrl(body.qr_code).code!.data).toBe(
      `Butler Wien – Empfehlungscode: WIEN2345\nDein Geschenk: ${GIFT}.\nKontakt: hallo@butler.example.at`,
    );
    expect(decodeURIComponent(body.mailto_link)).toContain('Melde dich einfach unter hallo@butler.example.at');
    await ctx.db.delete(providerSettings).where(eq(providerSettings.id, 1));
  });

  it('answers 404 for an unknown customer', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/customers/999999/qr-code', token: actors.tokens.admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Kunde nicht gefunden');
  });

  it('lets a customer fetch only their own QR code', async () => {
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: `/api/customers/${actors.customerA.id}/qr-code` },
      {
        customerA: 200,
        customerB: 403,
        admin: 200,
      },
    );
  });
});
