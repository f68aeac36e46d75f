import { afterAll } from 'vitest';

/**
 * Teardown work registered while a test file runs (e.g. by createTestContext inside a
 * beforeAll, where vitest ignores a nested afterAll). The setup file runs it after the
 * file's own afterAll hooks, newest first.
 */
const pending: Array<() => Promise<void> | void> = [];

export function registerCleanup(task: () => Promise<void> | void) {
  pending.push(task);
}

/** Called once per test file from the setup file (vitest.config setupFiles). */
export function installCleanupHook() {
  afterAll(async () => {
    const errors: unknown[] = [];
    while (pending.length > 0) {
      const task = pending.pop()!;
      try {
        await task();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  });
}
