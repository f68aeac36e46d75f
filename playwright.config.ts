import { defineConfig, devices } from '@playwright/test';
import { chooseChromium } from './e2e/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
export const E2E_ADMIN = { username: 'admin', password: 'e2e-Admin-Passwort!' };
// Debian's Chromium when installed, else the one from npm (e2e/chromium.ts, decision 0430).
const chromium = await chooseChromium();

/**
 * Browser tests against the real portal (built web app + API + embedded PostgreSQL in a
 * fresh DATA_DIR), in Debian's Chromium or the npm package @sparticuz/chromium: Playwright
 * cannot download browsers here.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium.executablePath,
      env: chromium.env,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Screens of a new installation, before any other spec has created data.
    { name: 'empty-states', testMatch: /empty-states\.spec\.ts$/, use: desktop },
    { name: 'desktop', testIgnore: /empty-states\.spec\.ts$/, dependencies: ['empty-states'], use: desktop },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      RATE_LIMIT_PER_MINUTE: '100000',
      // Every spec signs in from 127.0.0.1: the specs that try wrong passwords and codes on
      // purpose must not lock the address for the specs after them (decision 0432). Each
      // account still locks after five failures.
      LOGIN_FAILURES_PER_ADDRESS: '1000',
      // The same for the 30 sign-in requests per minute and address: the suite signs in
      // about once a second in its busiest stretches (decision 0432).
      LOGIN_REQUESTS_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
