import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const serverDir = path.resolve(here, '../..');

/** A child in its own process group whose stdout/stderr lines are collected as they arrive. */
export type Child = {
  proc: ChildProcess;
  pid: number;
  stdout: string[];
  stderr: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitForLine: (match: (line: string) => boolean, timeoutMs: number) => Promise<string>;
};

/** Runs a TypeScript entry with Node itself (not the tsx wrapper), so `pid` is the Node process. */
export function spawnTs(entry: string, env: Record<string, string>): Child {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const proc = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: serverDir,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child: Child = {
    proc,
    pid: proc.pid!,
    stdout: [],
    stderr: '',
    exited: new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal }))),
    waitForLine: (match, timeoutMs) =>
      new Promise((resolve, reject) => {
        const found = child.stdout.find(match);
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          proc.stdout!.off('line', onLine);
          reject(new Error(`timeout waiting for output; stderr: ${child.stderr.slice(-2000)}`));
        }, timeoutMs);
        const onLine = (line: string) => {
          if (!match(line)) return;
          clearTimeout(timer);
          proc.stdout!.off('line', onLine);
          resolve(line);
        };
        proc.stdout!.on('line', onLine);
        proc.once('exit', () => {
          clearTimeout(timer);
          reject(new Error(`child exited before the expected output; stderr: ${child.stderr.slice(-2000)}`));
        });
      }),
  };
  let partial = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      child.stdout.push(line);
      proc.stdout!.emit('line', line);
    }
  });
  proc.stderr!.on('data', (chunk: Buffer) => {
    child.stderr += chunk.toString('utf8');
  });
  return child;
}

/** Every process (postmaster and backends) whose working directory is inside `dir`. */
export function processesIn(dir: string): number[] {
  const root = realpathSync(dir);
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      if (cwd === root || cwd.startsWith(`${root}/`)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to inspect.
    }
  }
  return pids;
}

export function postmasterPid(dataDir: string): number {
  return Number.parseInt(readFileSync(path.join(dataDir, 'db', 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
}

/** Alive and not a zombie (an exited process its parent has not reaped yet). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

export async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** Test cleanup: nothing started by a test may survive it. */
export async function killEverythingIn(dir: string): Promise<void> {
  for (const pid of processesIn(dir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await waitUntil(() => processesIn(dir).length === 0, 10_000);
}
