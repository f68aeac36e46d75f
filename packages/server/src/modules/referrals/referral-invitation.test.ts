import { eq } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../test/access-matrix.js';
import { buildCustomer } from '../../../test/factories.js';
import { as } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { providerSettings } from '../../db/schema/index.js';

// jsqr is CommonJS whose types declare an ES default export; take whichever the loader gives.
const jsQR: typeof jsQRModule.default = (jsQRModule as any).default ?? jsQRModule;

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.at' });
  actors = await createActors(ctx);
});

const GIFT = 'ein kostenloses Kennenlerngespräch und 2 Stunden gratis bei der ersten Bestellung';

function decodeDataUrl(dataUrl: string) {
  const prefix = 'data:image/png;base64,';
  expect(dataUrl.startsWith(prefix)).toBe(true);
  const png = PNG.sync.read(Buffer.from(dataUrl.slice(prefix.length), 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { png, code };
}
const textOf = (link: string, key: string) => decodeURIComponent(new RegExp(`${key}=([^&]*)`).exec(link)![1]);

describe('GET /api/customers/{id}/qr-code', () => {
  it('answers a 256 px PNG QR code (level L) holding the link to the friend’s page, the mailto link and the code', async () => {
    const customer = await buildCustomer(ctx.db, { firstName: 'Greta', referralCode: 'GRETA234' });
    const res = await ctx.request({
      method: 'GET',
      url: `/api/customers/${customer.id}/qr-code`,
      token: actors.tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.referral_code).toBe('GRETA234');
    // A link a phone's camera opens, not a text to read (decision 0760).
    expect(body.invite_url).toBe('https://portal.example.at/empfehlung/GRETA234');

    const { png, code } = decodeDataUrl(body.qr_code);
    // qrcode scales modules to width 256 and floors the float product, so 255 can come out.
    expect(png.width).toBeGreaterThanOrEqual(255);
    expect(png.width).toBeLessThanOrEqual(256);
    expect(png.height).toBe(png.width);
    expect(code).not.toBeNull();
    expect(code!.data).toBe(body.invite_url);
    // Level L needs the smallest symbol for this text; M would need a larger version.
    expect(code!.version).toBe(QRCode.create(body.invite_url, { errorCorrectionLevel: 'L' }).version);

    const mailto = new URL(body.mailto_link);
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toBe('');
    expect(textOf(body.mailto_link, 'subject')).toBe('Mein Empfehlungscode für Mein BUTLER: GRETA234');
    const mailBody = textOf(body.mailto_link, 'body');
    expect(mailBody).toContain(`Mit meinem Empfehlungscode GRETA234 bekommst du ${GIFT}.`);
    expect(mailBody).toContain('Alles Weitere findest du hier: https://portal.example.at/empfehlung/GRETA234');
    expect(mailBody.trim().endsWith('Greta')).toBe(true);
    // Spaces as %20, never '+', so every mail program shows them as spaces.
    expect(body.mailto_link).not.toContain('+');

    expect(body.whatsapp_link.startsWith('https://wa.me/?text=')).toBe(true);
    expect(textOf(body.whatsapp_link, 'text')).toBe(
      `Ich kann dir Mein BUTLER nur empfehlen! Mit meinem Empfehlungscode GRETA234 bekommst du ${GIFT}: https://portal.example.at/empfehlung/GRETA234`,
    );
  });

  it('says the gift the owner set, names the provider and its contact address', async () => {
    await ctx.db
      .insert(providerSettings)
      .values({ id: 1, companyName: 'Butler Wien', contactEmail: 'hallo@butler.example.at' })
      .onConflictDoUpdate({
        target: providerSettings.id,
        set: { companyName: 'Butler Wien', contactEmail: 'hallo@butler.example.at' },
      });
    const settings = (await as(ctx, actors.tokens.admin!).get('/api/referral-settings')).json();
    expect(settings.gift_text).toBe(GIFT);
    const saved = await as(ctx, actors.tokens.admin!).put('/api/referral-settings', {
      ...settings,
      gift_text: '  eine Stunde gratis  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().gift_text).toBe('eine Stunde gratis');
    const customer = await buildCustomer(ctx.db, { referralCode: 'WIEN2345' });
    const body = (
      await ctx.request({ method: 'GET', url: `/api/customers/${customer.id}/qr-code`, token: actors.tokens.admin })
    ).json();
    expect(textOf(body.whatsapp_link, 'text')).toContain(
      'Butler Wien nur empfehlen! Mit meinem Empfehlungscode WIEN2345 bekommst du eine Stunde gratis:',
    );
    const mailBody = textOf(body.mailto_link, 'body');
    expect(mailBody).toContain('bekommst du eine Stunde gratis.');
    expect(mailBody).toContain('Oder melde dich einfach unter hallo@butler.example.at');

    const page = await ctx.request({ method: 'GET', url: '/api/referral-invitation' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      company: 'Butler Wien',
      gift_text: 'eine Stunde gratis',
      programme_active: true,
      contact_email: 'hallo@butler.example.at',
      contact_phone: '',
    });
    // A PUT without the gift keeps it; reset brings back SPEC's gift.
    const { gift_text: _gift, ...withoutGift } = settings;
    await as(ctx, actors.tokens.admin!).put('/api/referral-settings', withoutGift);
    expect((await as(ctx, actors.tokens.admin!).get('/api/referral-settings')).json().gift_text).toBe(
      'eine Stunde gratis',
    );
    const empty = await as(ctx, actors.tokens.admin!).put('/api/referral-settings', { ...settings, gift_text: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.gift_text).toBe('Bitte geben Sie an, was empfohlene Neukunden bekommen');
    const reset = await as(ctx, actors.tokens.admin!).post('/api/referral-settings/reset');
    expect(reset.json().gift_text).toBe(GIFT);
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
