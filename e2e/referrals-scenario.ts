import { type APIRequestContext, expect, type Page } from '@playwright/test';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { apiCall, uniqueEmail } from './fixtures/api';

// jsqr is CommonJS whose types declare an ES default export; take whichever the loader gives.
const jsQR = ((jsQRModule as any).default ?? jsQRModule) as typeof jsQRModule;

export const PASSWORD = 'Kunde-Passwort-123!';
export const GIFT = 'ein kostenloses Kennenlerngespräch und 2 Stunden gratis bei der ersten Bestellung';

export type Person = { id: number; email: string; name: string; referral_code: string };

export async function createCustomer(
  request: APIRequestContext,
  token: string,
  firstName: string,
  lastName: string,
  referredByCode?: string,
): Promise<Person> {
  const created = await apiCall(request, token, 'POST', '/api/customers', {
    first_name: firstName,
    last_name: lastName,
    email: uniqueEmail(firstName.toLowerCase()),
    password: PASSWORD,
    ...(referredByCode ? { referred_by_code: referredByCode } : {}),
  });
  return { id: created.id, email: created.email, name: created.name, referral_code: created.referral_code };
}

/** First of the current month in Vienna: the subscriptions below are current today. */
export function firstOfThisMonth() {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(new Date());
  return `${iso.slice(0, 7)}-01`;
}

/**
 * The referral story (decision 0286) seeded through the API: Anna (10 h a month at € 50) refers Bernd and
 * Clara; Bernd buys a 5 h ButlerPaket; Clara has not bought yet. Dora has a ButlerPaket
 * and no referrals (the teaser), Emil is a spare customer without anything.
 */
export async function seedReferralStory(request: APIRequestContext, token: string) {
  const stamp = Date.now().toString(36).slice(-5);
  const template = await apiCall(request, token, 'POST', '/api/subscription-templates', {
    name: `Classic ${stamp}`,
    duration_months: 12,
    price_per_hour: 50,
    monthly_trips: 1,
  });
  const sell = (customerId: number, hours: number) =>
    apiCall(request, token, 'POST', '/api/subscriptions', {
      customer_id: customerId,
      template_id: template.id,
      monthly_hours: hours,
      start_date: firstOfThisMonth(),
    });
  const anna = await createCustomer(request, token, 'Anna', `Berger${stamp}`);
  await sell(anna.id, 10);
  const bernd = await createCustomer(request, token, 'Bernd', `Neu${stamp}`, anna.referral_code);
  const clara = await createCustomer(request, token, 'Clara', `Klein${stamp}`, anna.referral_code);
  const bought = await sell(bernd.id, 5);
  const dora = await createCustomer(request, token, 'Dora', `Teaser${stamp}`);
  await sell(dora.id, 4);
  const emil = await createCustomer(request, token, 'Emil', `Ohne${stamp}`);
  return { stamp, anna, bernd, clara, dora, emil, bonus: bought.referral_bonus };
}

/** Decodes a `data:image/png;base64,…` QR code to its text. */
export function decodeQr(dataUrl: string) {
  const prefix = 'data:image/png;base64,';
  if (!dataUrl.startsWith(prefix)) throw new Error(`not a PNG data URL: ${dataUrl.slice(0, 40)}`);
  const png = PNG.sync.read(Buffer.from(dataUrl.slice(prefix.length), 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('QR code not readable');
  return code.data;
}

/** Nothing scrolls sideways (UI.md, 390 px), measured once the layout followed a resize. */
export async function expectNoSidewaysScrollSoon(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}
