import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Every temporary folder a test makes lives in the OS temp dir as
 * `butler-test-<pid>-<kind>-XXXXXX`, where pid is the test process that made it. A folder
 * whose process is gone is stale: the global setup and teardown remove it, so a failed or
 * interrupted run (Ctrl+C, a crashed worker) leaves nothing behind for long.
 */
export const TEST_DIR_PREFIX = 'butler-test-';

/** A fresh folder for this process, removed by the caller (and by the stale sweep if it forgets). */
export function makeTestTempDir(kind: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `${TEST_DIR_PREFIX}${process.pid}-${kind}-`));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders of the old naming (`butler-test-XXXXXX`, no pid) count as stale after this long. */
const UNOWNED_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Removes the test folders whose process has ended (and old unowned ones). Safe while other
 * test runs are going on: their processes are alive. Returns the names it removed.
 */
export async function sweepStaleTestDirs(tmp = os.tmpdir(), now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await fs.readdir(tmp).catch(() => [] as string[])) {
    if (!name.startsWith(TEST_DIR_PREFIX)) continue;
    const full = path.join(tmp, name);
    const owner = /^butler-test-(\d+)-/.exec(name);
    let stale: boolean;
    if (owner) stale = !processAlive(Number(owner[1]));
    else {
      const stat = await fs.stat(full).catch(() => null);
      stale = stat !== null && now - stat.mtimeMs > UNOWNED_MAX_AGE_MS;
    }
    if (!stale) continue;
    await fs.rm(full, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
