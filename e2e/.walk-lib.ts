import { chromium, type Page, type Browser } from '@playwright/test';
import { chooseChromium } from './chromium';
export const base = 'http://localhost:3442';
export const out = '/tmp/w42';
export async function open(width: 390 | 1280, who: string): Promise<{ page: Page; browser: Browser }> {
  const choice = await chooseChromium();
  const browser = await chromium.launch({ executablePath: choice.executablePath, env: choice.env, args: ['--no-sandbox'] });
  const context = await browser.newContext(
    width === 390
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'de-AT', timezoneId: 'Europe/Vienna' }
      : { viewport: { width: 1280, height: 900 }, locale: 'de-AT', timezoneId: 'Europe/Vienna' },
  );
  const page = await context.newPage();
  page.on('response', (r) => { if (r.status() >= 400 && r.url().includes('/api/')) console.log('HTTP', r.status(), r.request().method(), r.url()); });
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text()); });
  const isCustomer = who.includes('@');
  const res = await page.request.post(`${base}/api/auth/login`, { data: { email: who, password: 'demo1234!', user_type: isCustomer ? 'customer' : 'admin' } });
  const a = await res.json();
  await page.goto(`${base}/api/health`);
  await page.evaluate((a) => {
    localStorage.setItem('user', JSON.stringify(a.user));
    localStorage.setItem('userType', a.user_type);
    localStorage.setItem('token', a.token);
    localStorage.setItem('sessionTimestamp', String(Date.now()));
  }, a);
  return { page, browser };
}
export async function go(page: Page, p: string) {
  await page.goto(`${base}${p}`);
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(1200);
}
export async function shot(page: Page, name: string, full = true) {
  const file = `${out}/${name}.png`;
  await page.screenshot({ path: file, fullPage: full });
  const sw = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  console.log('SHOT', file, sw[0] > sw[1] ? `HSCROLL ${sw[0]}>${sw[1]}` : '');
}
export async function text(page: Page) { return page.evaluate(() => document.body.innerText); }
