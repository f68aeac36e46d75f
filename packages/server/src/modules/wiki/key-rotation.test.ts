import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, isNotNull } from 'drizzle-orm';
import type pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';
import { buildApp } from '../../app.js';
import { wikiEntries } from '../../db/schema/index.js';
import { readEnv } from '../../env.js';
import { formatKeyLine, KEY_FILE_NAME, loadKeyring } from '../../lib/encryption-key.js';
import { envelopeVersion, generateKey, type Keyring } from '../../lib/secret-box.js';
import { rotateKey } from './key-rotation.js';

let ctx: TestContext;
let setup: WikiSetup;
beforeAll(async () => {
  ctx = await createTestContext();
  setup = await wikiSetup(ctx);
});

const versions = async () =>
  (
    await ctx.db
      .select({ content: wikiEntries.encryptedContent, username: wikiEntries.encryptedUsername })
      .from(wikiEntries)
      .where(isNotNull(wikiEntries.encryptedContent))
  ).flatMap((row) => [row.content, row.username].filter((v): v is string => v !== null).map(envelopeVersion));

/** Reveals an entry through an app that uses `keyring` (same database, same sessions). */
async function revealWith(keyring: Keyring, id: number) {
  const app = await buildApp({ db: ctx.db, env: readEnv({ DATA_DIR: ctx.dataDir, LOG_LEVEL: 'silent' }), keyring });
  try {
    const res = await app.inject({
      method: 'GET',
      url: `/api/wiki/entries/${id}?decrypt_passwords=true`,
      headers: { authorization: `Bearer ${setup.token}` },
    });
    return { status: res.statusCode, body: res.json() };
  } finally {
    await app.close();
  }
}

describe('key rotation', () => {
  it('old values still decrypt after a new key is installed, and new values use the new key', async () => {
    const old = await createEntry(ctx, setup, { category_id: setup.vault.id, content: 'alt-geheim', username: 'alt' });
    const fileRing = await loadKeyring({ DATA_DIR: ctx.dataDir });
    const envRing = await loadKeyring({
      DATA_DIR: ctx.dataDir,
      ENCRYPTION_KEY: formatKeyLine(2, generateKey()),
      ENCRYPTION_KEY_PREVIOUS: formatKeyLine(1, fileRing.current.key),
    });
    expect((await revealWith(envRing, old.id)).body).toMatchObject({ content: 'alt-geheim', username: 'alt' });
    const withoutOld = await loadKeyring({ DATA_DIR: ctx.dataDir, ENCRYPTION_KEY: formatKeyLine(2, generateKey()) });
    const failed = await revealWith(withoutOld, old.id);
    expect(failed.status).toBe(500);
    expect(failed.body.error).toBe('Fehler beim Entschlüsseln des Passworts');
  });

  it('rotate-key (key file) adds a version and re-encrypts every secret with it in one go', async () => {
    const a = await createEntry(ctx, setup, { category_id: setup.vault.id, content: 'eins', username: 'u1' });
    const b = await createEntry(ctx, setup, { category_id: setup.vault.id, content: 'zwei' });
    expect(new Set(await versions())).toEqual(new Set([1]));
    const outcome = await rotateKey(ctx.db, { DATA_DIR: ctx.dataDir });
    expect(outcome).toMatchObject({ kind: 'rotated', version: 2, keyFile: path.join(ctx.dataDir, KEY_FILE_NAME) });
    expect(new Set(await versions())).toEqual(new Set([2]));
    const ring = await loadKeyring({ DATA_DIR: ctx.dataDir });
    expect(ring.current.version).toBe(2);
    expect((await revealWith(ring, a.id)).body).toMatchObject({ content: 'eins', username: 'u1' });
    expect((await revealWith(ring, b.id)).body).toMatchObject({ content: 'zwei', username: null });
    // Without the old key the new values still open: nothing depends on version 1 any more.
    const onlyNew = await loadKeyring({ DATA_DIR: ctx.dataDir, ENCRYPTION_KEY: formatKeyLine(2, ring.current.key) });
    expect((await revealWith(onlyNew, a.id)).body.content).toBe('eins');
  });

  it('changes nothing when a stored value does not decrypt', async () => {
    const entry = await createEntry(ctx, setup, { category_id: setup.vault.id, content: 'x' });
    const [row] = await ctx.db.select().from(wikiEntries).where(eq(wikiEntries.id, entry.id));
    const broken = row.encryptedContent!.replace(/:(.)/, (_, c) => `:${c === 'A' ? 'B' : 'A'}`);
    await ctx.db.update(wikiEntries).set({ encryptedContent: broken }).where(eq(wikiEntries.id, entry.id));
    const keyFile = await fs.readFile(path.join(ctx.dataDir, KEY_FILE_NAME), 'utf8');
    const before = await versions();
    await expect(rotateKey(ctx.db, { DATA_DIR: ctx.dataDir })).rejects.toThrow(`Wiki entry ${entry.id}`);
    expect(await fs.readFile(path.join(ctx.dataDir, KEY_FILE_NAME), 'utf8')).toBe(keyFile);
    expect(await versions()).toEqual(before);
    await ctx.db.delete(wikiEntries).where(eq(wikiEntries.id, entry.id));
  });

  it('with ENCRYPTION_KEY: re-encrypts stale values, or prints a new key to install when all are current', async () => {
    const ring = await loadKeyring({ DATA_DIR: ctx.dataDir });
    const settings = {
      DATA_DIR: ctx.dataDir,
      ENCRYPTION_KEY: formatKeyLine(3, generateKey()),
      ENCRYPTION_KEY_PREVIOUS: [...ring.keys].map(([v, key]) => formatKeyLine(v, key)).join(','),
    };
    const rotated = await rotateKey(ctx.db, settings);
    expect(rotated).toMatchObject({ kind: 'rotated', version: 3, keyFile: null });
    expect(new Set(await versions())).toEqual(new Set([3]));
    const again = await rotateKey(ctx.db, settings);
    expect(again.kind).toBe('install-env-key');
    if (again.kind !== 'install-env-key') return;
    expect(again.encryptionKey).toMatch(/^v4:[A-Za-z0-9+/]{43}=$/);
    expect(again.previousKeys.split(',').map((line) => line.slice(0, 3))).toEqual(['v3:', 'v2:', 'v1:']);
    expect(new Set(await versions())).toEqual(new Set([3]));
  });

  it('npm run rotate-key works as a command against the database', async () => {
    // The earlier ENCRYPTION_KEY test left values the key file does not know.
    await ctx.db.delete(wikiEntries);
    // The running app still encrypts with version 1, which the key file keeps.
    const entry = await createEntry(ctx, setup, { category_id: setup.vault.id, content: 'per-cli' });
    expect(await versions()).toEqual([1]);
    const config = inject('pgConfig') as pg.PoolConfig;
    const database = (await ctx.db.$client.query('SELECT current_database() AS name')).rows[0].name;
    const url = config.connectionString
      ? Object.assign(new URL(config.connectionString), { pathname: `/${database}` }).toString()
      : `postgres://${encodeURIComponent(String(config.user))}:${encodeURIComponent(String(config.password ?? ''))}@/${database}?host=${encodeURIComponent(String(config.host))}&port=${config.port}`;
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'packages/server/src/cli/rotate-key.ts'], {
      env: { ...process.env, DATA_DIR: ctx.dataDir, DATABASE_URL: url, ENCRYPTION_KEY: '', LOG_LEVEL: 'silent' },
      timeout: 60_000,
    });
    expect(stdout).toContain('Schlüsselversion 3 ist aktiv; 1 Wiki-Einträge');
    expect(await versions()).toEqual([3]);
    expect((await revealWith(await loadKeyring({ DATA_DIR: ctx.dataDir }), entry.id)).body.content).toBe('per-cli');
  });
});
