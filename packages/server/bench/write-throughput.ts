import pg from 'pg';

/** Committed single-entry write transactions per second with `writers` connections at once. */
async function measureWrites(config: pg.PoolConfig, templateId: number, writers: number, seconds: number) {
  const pool = new pg.Pool({ ...config, max: writers });
  let commits = 0;
  const end = performance.now() + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: writers }, async () => {
        const client = await pool.connect();
        try {
          while (performance.now() < end) {
            await client.query('BEGIN');
            // A time entry like the ones staff book all day; its statement trigger bumps data_version.
            await client.query(
              `INSERT INTO time_entries (customer_id, project_id, hours, activity_description, work_date, created_by, billing_type, is_billable)
               SELECT customer_id, project_id, hours, 'bench-write', work_date, created_by, billing_type, is_billable
               FROM time_entries WHERE id = $1`,
              [templateId],
            );
            await client.query('COMMIT');
            commits++;
          }
        } finally {
          client.release();
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return commits / seconds;
}

const ONE_ROW = `CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; RETURN NULL; END; $$`;
const SLOTS = `CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN UPDATE data_version SET version = version + 1 WHERE id = pg_backend_pid() % 16 + 1; RETURN NULL; END; $$`;

/**
 * Write throughput with 1 and 16 concurrent writers, for the data_version trigger as it
 * was (one row every writer updates and holds until commit) and as it is (16 slot rows,
 * migration 0011, decision 0347), printed side by side. Leaves the database as it found it.
 */
export async function writeThroughput(config: pg.PoolConfig, seconds = 3) {
  const client = new pg.Client(config);
  await client.connect();
  try {
    const template = await client.query('SELECT min(id) AS id FROM time_entries');
    const templateId = Number(template.rows[0].id);
    const rows: Array<{ label: string; one: number; sixteen: number }> = [];
    for (const [label, fn] of [
      ['one data_version row (before)', ONE_ROW],
      ['16 slot rows (now)', SLOTS],
    ] as const) {
      await client.query(fn);
      const one = await measureWrites(config, templateId, 1, seconds);
      const sixteen = await measureWrites(config, templateId, 16, seconds);
      rows.push({ label, one, sixteen });
    }
    await client.query(SLOTS);
    await client.query(`DELETE FROM time_entries WHERE activity_description = 'bench-write'`);
    console.log('\nWrite throughput (time entry insert + commit, statement trigger bumps data_version):');
    console.log(
      `${'mechanism'.padEnd(32)}${'1 writer'.padStart(12)}${'16 writers'.padStart(14)}${'ratio'.padStart(8)}`,
    );
    for (const r of rows) {
      console.log(
        `${r.label.padEnd(32)}${`${r.one.toFixed(0)}/s`.padStart(12)}${`${r.sixteen.toFixed(0)}/s`.padStart(14)}${`×${(r.sixteen / r.one).toFixed(2)}`.padStart(8)}`,
      );
    }
    return rows;
  } finally {
    await client.query(SLOTS).catch(() => {});
    await client.end();
  }
}
