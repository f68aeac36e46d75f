import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildWikiCategory, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { multipart } from '../../../test/wiki-helpers.js';
import { buildApp } from '../../app.js';
import { readEnv } from '../../env.js';

/**
 * DOMAIN-RULES §6: wiki secrets appear in clear nowhere at rest: not in any table, not
 * in any file under DATA_DIR, not in PostgreSQL's own files (tables and WAL), not in logs.
 */
let ctx: TestContext;
let app: FastifyInstance;
const logLines: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  // A second app on the same database and DATA_DIR that logs everything it can.
  app = await buildApp({
    db: ctx.db,
    env: readEnv({ DATA_DIR: ctx.dataDir, LOG_LEVEL: 'trace' }),
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const marker = () => `Geheim${randomBytes(8).toString('hex')}`;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function filesContaining(files: string[], needles: string[]): Promise<string[]> {
  const hits: string[] = [];
  for (const file of files) {
    const content = await fs.readFile(file).catch(() => null);
    if (content && needles.some((needle) => content.includes(needle))) hits.push(file);
  }
  return hits;
}

describe('secrets at rest', () => {
  it('no secret plaintext in the database, DATA_DIR, PostgreSQL files or logs after writes', async () => {
    const { buildAdmin } = await import('../../../test/factories.js');
    const admin = await buildAdmin(ctx.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.username, password: TEST_PASSWORD, user_type: 'admin' },
    });
    const token = login.json().token as string;
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, extra: Record<string, unknown> = {}) =>
      app.inject({
        method,
        url,
        ...extra,
        headers: { authorization: `Bearer ${token}`, ...((extra.headers as object) ?? {}) },
      });

    const customer = await buildCustomer(ctx.db);
    const vault = await buildWikiCategory(ctx.db, { name: 'Passwörter', allowsFiles: true });
    const notes = await buildWikiCategory(ctx.db);
    const secrets = [marker(), marker(), marker(), marker(), marker()];

    const created = await call('POST', '/api/wiki/entries', {
      payload: {
        customer_id: customer.id,
        category_id: vault.id,
        title: 'Router',
        content: secrets[0],
        username: secrets[1],
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.body).not.toContain(secrets[0]);
    expect(
      (await call('PUT', `/api/wiki/entries/${id}`, { payload: { content: secrets[2], username: secrets[3] } }))
        .statusCode,
    ).toBe(200);
    // A normal entry switched to a password entry: its former clear value becomes a secret.
    const clear = await call('POST', '/api/wiki/entries', {
      payload: {
        customer_id: customer.id,
        category_id: notes.id,
        title: 'PIN',
        content: secrets[4],
        is_password_entry: true,
      },
    });
    expect(clear.statusCode).toBe(201);
    await call(
      'POST',
      `/api/wiki/entries/${id}/files`,
      multipart([{ field: 'file', filename: 'a.txt', content: 'Anhang' }]),
    );
    const revealed = await call('GET', `/api/wiki/entries/${id}?decrypt_passwords=true`);
    expect(revealed.json()).toMatchObject({ content: secrets[2], username: secrets[3] });
    // (Through the quiet app: a search term is part of the logged address.)
    const searched = await ctx.request({ method: 'GET', url: `/api/wiki/search?q=${secrets[2]}`, token });
    expect(searched.json()).toEqual([]);

    // Every table, every column, as text (wiki_entries and audit_log included).
    const tables = await ctx.db.execute<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.rows.map((t) => t.name)).toEqual(expect.arrayContaining(['wiki_entries', 'audit_log']));
    for (const { name } of tables.rows) {
      const dump = await ctx.db.execute<{ row: string }>(sql`SELECT t::text AS row FROM ${sql.identifier(name)} t`);
      const text = dump.rows.map((r) => r.row).join('\n');
      for (const secret of secrets) expect(text, `${name} holds a secret`).not.toContain(secret);
    }

    expect(await filesContaining(await filesUnder(ctx.dataDir), secrets)).toEqual([]);
    for (const secret of [...secrets, token]) expect(logLines.join('\n')).not.toContain(secret);
    expect(logLines.some((line) => line.includes('decrypt_passwords'))).toBe(true);

    // PostgreSQL's own files: this database's tables and the write-ahead log.
    await ctx.db.execute(sql`CHECKPOINT`);
    const setting = await ctx.db.execute<{ dir: string; oid: number }>(
      sql`SELECT current_setting('data_directory') AS dir, (SELECT oid FROM pg_database WHERE datname = current_database())::int AS oid`,
    );
    const { dir, oid } = setting.rows[0];
    const wal = path.join(dir, 'pg_wal');
    // With TEST_DATABASE_URL the server's files may belong to another user; then only the above applies.
    if (
      !(await fs.access(wal, fs.constants.R_OK).then(
        () => true,
        () => false,
      ))
    )
      return;
    const pgFiles = [...(await filesUnder(path.join(dir, 'base', String(oid)))), ...(await filesUnder(wal))];
    expect(pgFiles.length).toBeGreaterThan(0);
    expect(await filesContaining(pgFiles, secrets)).toEqual([]);
    // The scan finds clear text that was written, so the check above means something.
    const visible = marker();
    await call('PUT', `/api/wiki/entries/${id}`, { payload: { title: visible } });
    await ctx.db.execute(sql`CHECKPOINT`);
    const afterFiles = [...(await filesUnder(path.join(dir, 'base', String(oid)))), ...(await filesUnder(wal))];
    expect((await filesContaining(afterFiles, [visible])).length).toBeGreaterThan(0);
  });
});
