import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (half a minute or more each on 2 cores), started first: on a
 * fresh clone vitest knows no durations and starts the largest files first, so the fuzzer (a
 * small file that sends 4,000 requests) started last and ran alone for its last minute while
 * the other worker had nothing left. Stale entries only lose their head start.
 */
const LONGEST_FIRST = [
  'packages/server/test/fuzz/fuzz.test.ts',
  'packages/server/test/durability/crash-cycles.test.ts',
  'packages/server/test/durability/portal-lifecycle.test.ts',
  'packages/server/src/modules/bank-import/test/statement-property.test.ts',
  'packages/server/src/modules/direct-debit/test/runs.test.ts',
  'packages/server/test/role-access/route-access-roles.test.ts',
];

class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'Europe/Vienna' },
  },
});
