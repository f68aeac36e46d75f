import { defineConfig, devices } from '@playwright/test';
import { chooseChromium } from './e2e/chromium';
import { currentPortal, WORKERS } from './e2e/portals';

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

export { E2E_ADMIN } from './e2e/portals';

// Debian's Chromium when installed, else the one from npm (e2e/chromium.ts, decision 0430).
const chromium = await chooseChromium();

/**
 * Browser tests against the real portal (built web app + API + embedded PostgreSQL in a
 * fresh DATA_DIR), one portal per worker (e2e/portals.ts, decision 0530), in Debian's
 * Chromium or the npm package @sparticuz/chromium: Playwright cannot download browsers here.
 * No retries: a test that passes only on a second try is a defect to fix, not to hide.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/portals.ts',
  // Spec files run side by side, each on its worker's portal; a file's tests in order.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 60_000,
  // A first visit loads a screen's code and data; on a busy machine that takes more than 10 s.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // Evaluated again in each worker, once the global setup has published the portals.
    baseURL: currentPortal().url,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    // Recording a trace of every test cost a quarter of the browser suite's time (decision
    // 0690); a failure still leaves its screenshot and the page's accessibility tree
    // (error-context.md). E2E_TRACE=1 records traces and keeps those of failed tests.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
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
    {
      name: 'desktop',
      testIgnore: [/empty-states\.spec\.ts$/, /role-walks\//],
      dependencies: ['empty-states'],
      use: desktop,
    },
    // A person's day end to end, on a portal of its own kind (e2e/fixtures/walk.ts, decision 0785):
    // one walk at a time, so one demo portal serves them all beside the other specs.
    { name: 'role-walks', testMatch: /role-walks\/.*\.spec\.ts$/, workers: 1, use: desktop },
  ],
});
