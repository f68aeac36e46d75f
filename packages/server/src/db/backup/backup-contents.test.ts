import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { makeTestTempDir } from '../../../test/temp-dirs.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { currentTotp } from '../../lib/totp.js';
import { RUNTIME_TABLES } from './backup-format.js';
import { writeBackup } from './write-backup.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('what a backup holds (decision 0504)', () => {
  it('leaves out sessions, sign-in attempts, open links and recovery codes, and says so', async () => {
    const admin = await buildAdmin(ctx.db, { email: 'chefin@example.at' });
    const token = await ctx.login('admin', admin.username, TEST_PASSWORD);
    const setup = await ctx.request({ method: 'POST', url: '/api/account/totp/setup', token });
    const code = currentTotp(setup.json().secret.replace(/\s/g, ''));
    expect(
      (await ctx.request({ method: 'POST', url: '/api/account/totp/confirm', token, payload: { code } })).statusCode,
    ).toBe(200);
    const customer = await buildCustomer(ctx.db);
    await ctx.request({ method: 'POST', url: `/api/customers/${customer.id}/password-link`, token });
    await ctx.runJobs(); // the link's token is issued when its mail is sent (decision 0502)
    await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: customer.email, password: 'falsch', user_type: 'customer' },
    });
    const { rows } = await ctx.db.execute<Record<string, number>>(sql`SELECT
      (SELECT count(*) FROM sessions)::int AS sessions, (SELECT count(*) FROM login_attempts)::int AS login_attempts,
      (SELECT count(*) FROM account_tokens)::int AS account_tokens, (SELECT count(*) FROM recovery_codes)::int AS recovery_codes`);
    for (const table of Object.keys(RUNTIME_TABLES)) expect(rows[0][table], table).toBeGreaterThan(0);

    const dir = await makeTestTempDir('backup');
    const summary = await writeBackup(ctx.poolConfig, path.join(dir, 'b.backup'), path.join(dir, 'none'));
    expect(summary.leftOut?.sort()).toEqual(['account_tokens', 'login_attempts', 'recovery_codes', 'sessions']);
    const lines = gunzipSync(await fs.readFile(summary.file))
      .toString('utf8')
      .split('\n')
      .filter(Boolean);
    const tables = lines.map((line) => JSON.parse(line)).flatMap((record) => (record?.table ? [record.table] : []));
    expect(tables).toContain('customers');
    expect(tables).toContain('admins');
    for (const table of Object.keys(RUNTIME_TABLES)) {
      expect(tables).not.toContain(table);
      expect(summary.tables[table]).toBeUndefined();
    }
  });
});
