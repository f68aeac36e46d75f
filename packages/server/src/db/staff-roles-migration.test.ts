import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.js';
import { makeTestTempDir } from '../../test/temp-dirs.js';
import { createDatabase } from './client.js';
import { migrationsFolder } from './migrate.js';

/**
 * Decision 0540: an installation from before roles upgrades with every staff account an
 * Inhaber (nobody loses what they could do), time entries know who booked them, and a
 * new account must name its role (no default that could hand out the owner's rights).
 */
const ROLES_MIGRATION = '0017_staff_roles';
const adminConfig = inject('pgConfig') as pg.PoolConfig;
const name = `t_upgrade_${randomBytes(5).toString('hex')}`;
const folders: string[] = [];

afterAll(async () => {
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
  const client = new pg.Client(adminConfig);
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
});

/** A copy of the migrations folder whose journal ends before `tag`. */
async function migrationsBefore(tag: string) {
  const dir = await makeTestTempDir('migrations');
  folders.push(dir);
  await fs.cp(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

it('upgrades existing staff to Inhaber and records who booked existing time entries', async () => {
  const client = new pg.Client(adminConfig);
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const db = createDatabase(withDatabase(adminConfig, name), () => {});
  try {
    const before = await migrationsBefore(ROLES_MIGRATION);
    await migrate(db, { migrationsFolder: before });
    const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
    await q(`INSERT INTO admins (username, password_hash) VALUES ('chefin', 'x'), ('kollege', NULL)`);
    const { rows: customers } = await q(
      `INSERT INTO customers (first_name, last_name, email, referral_code) VALUES ('Anna', 'Alt', 'a@example.at', 'ALT1') RETURNING id`,
    );
    const customerId = customers[0].id;
    const { rows: projects } = await q(`INSERT INTO projects (customer_id, name) VALUES ($1, 'Haus') RETURNING id`, [
      customerId,
    ]);
    await q(
      `INSERT INTO time_entries (customer_id, project_id, hours, activity_description, work_date, created_by, billing_type)
       VALUES ($1, $2, 1, 'Einkauf', '2026-01-10', 'kollege', 'stundenpakete'),
              ($1, $2, 1, 'Garten', '2026-01-11', 'Admin', 'stundenpakete')`,
      [customerId, projects[0].id],
    );

    await migrate(db, { migrationsFolder });

    const staff = await q(`SELECT username, role, grants FROM admins ORDER BY username`);
    expect(staff.rows).toEqual([
      { username: 'chefin', role: 'owner', grants: [] },
      { username: 'kollege', role: 'owner', grants: [] },
    ]);
    const entries = await q(
      `SELECT t.activity_description, a.username FROM time_entries t LEFT JOIN admins a ON a.id = t.created_by_admin_id ORDER BY t.id`,
    );
    expect(entries.rows).toEqual([
      { activity_description: 'Einkauf', username: 'kollege' },
      { activity_description: 'Garten', username: null },
    ]);
    await expect(q(`INSERT INTO admins (username) VALUES ('ohne-rolle')`)).rejects.toThrow(/role/);
    await expect(q(`INSERT INTO admins (username, role) VALUES ('chef', 'chef')`)).rejects.toThrow(/admins_role_ck/);
  } finally {
    await db.$client.end();
  }
});
