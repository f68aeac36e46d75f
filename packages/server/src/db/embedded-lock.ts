import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';

/**
 * The DATA_DIR lock and process identity checks used by the embedded database.
 * A pid alone is not an identity: after a reboot or in a container a stale pid is
 * often reused by an unrelated process, so we also compare the boot id and the
 * process start time (Linux /proc; elsewhere only the pid is checked).
 */
export type ProcessIdentity = { pid: number; start?: string; boot?: string };

export class PortalAlreadyRunningError extends Error {}

/** Whether a process with this pid runs; a zombie (exited, not yet reaped by its parent) does not. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

function procStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name in field 2 may contain spaces, so count after ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

export function identityOf(pid: number): ProcessIdentity {
  return { pid, start: procStartTime(pid), boot: bootId() };
}

/** True when the very process described by `id` (not merely some process with its pid) still runs. */
export function isSameProcessAlive(id: ProcessIdentity): boolean {
  if (!isAlive(id.pid)) return false;
  const boot = bootId();
  if (id.boot && boot && id.boot !== boot) return false;
  const start = procStartTime(id.pid);
  if (id.start && start && id.start !== start) return false;
  return true;
}

/** The live portal process holding the lock file, or null when there is none (or it is stale). */
export async function readLockHolder(lockFile: string): Promise<ProcessIdentity | null> {
  const text = await fs.readFile(lockFile, 'utf8').catch(() => null);
  if (text === null) return null;
  let holder: ProcessIdentity;
  try {
    holder = JSON.parse(text);
  } catch {
    // Legacy or half-written lock: a bare pid.
    holder = { pid: Number.parseInt(text, 10) };
  }
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return null;
  return isSameProcessAlive(holder) ? holder : null;
}

/**
 * Creates the lock file exclusively; a lock left by a dead process is taken over.
 * The content is re-read afterwards so that two processes that both judged the same
 * stale lock cannot both go on.
 */
export async function acquireLock(lockFile: string, dataDir: string): Promise<void> {
  const mine = JSON.stringify(identityOf(process.pid));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(lockFile, mine, { flag: 'wx', mode: 0o600 });
      if ((await fs.readFile(lockFile, 'utf8')) === mine) return;
      continue;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readLockHolder(lockFile);
    if (holder && holder.pid !== process.pid) throw alreadyRunning(holder.pid, dataDir);
    await fs.rm(lockFile, { force: true });
  }
  const holder = await readLockHolder(lockFile);
  throw alreadyRunning(holder?.pid, dataDir);
}

/** Removes the lock only if it is still ours (safe to call from an exit handler). */
export function releaseLockSync(lockFile: string): void {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as ProcessIdentity;
    if (holder.pid === process.pid) rmSync(lockFile, { force: true });
  } catch {
    // Missing or unreadable lock: nothing of ours to release.
  }
}

function alreadyRunning(pid: number | undefined, dataDir: string) {
  return new PortalAlreadyRunningError(
    `Ein anderer Portal-Prozess${pid ? ` (PID ${pid})` : ''} verwendet bereits das Datenverzeichnis ${dataDir}. ` +
      'Beenden Sie ihn zuerst oder wählen Sie ein anderes DATA_DIR.',
  );
}

/**
 * Whether `pid` is a postgres postmaster serving `dataDir` (postgres chdirs into its
 * data directory). Without /proc (macOS) we fall back to the command name.
 */
export function isPostmasterOf(pid: number, dataDir: string): boolean {
  if (!isAlive(pid)) return false;
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || process.platform === 'linux') return false;
  }
  try {
    return execFileSync('ps', ['-p', String(pid), '-o', 'comm='])
      .toString()
      .includes('postgres');
  } catch {
    return false;
  }
}
