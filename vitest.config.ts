import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx', 'packages/*/test/**/*.test.ts'],
    globalSetup: ['packages/server/test/global-setup.ts', 'packages/server/test/schematron-setup.ts'],
    // Runs the teardown that test helpers register (test/cleanup.ts) after each file.
    setupFiles: ['packages/server/test/setup-file.ts'],
    pool: 'forks',
    // Decision 0431. At least two workers: a worker spends much of its time waiting for
    // PostgreSQL (another process), so on 2 cores vitest's default of cores − 1 = 1 leaves
    // one idle. Files share a worker's module cache (no isolation): importing the server
    // anew for every file was a third of the run. Each file still gets its own database
    // clone, app and data folder; the one module-level setting a test changes, the clock,
    // is reset after every file (test/setup-file.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'Europe/Vienna' },
  },
});
