import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';

/**
 * Ten years of a busy provider, generated inside PostgreSQL with generate_series (seconds,
 * not minutes): 1,000 customers (2 projects each), 10 consecutive yearly subscriptions for
 * 4 of 5 customers, 3 hour packages each, 250,000 time entries spread over the ten years,
 * 10,000 invoices with one line each, 3 wiki entries per customer, 20,000 Aufträge (20 per
 * customer, 3 messages each, every tenth time entry booked on one), 20,000 Termine (two a year
 * per customer, done in the past, planned ahead, every 50th ahead with an open wish) for 4
 * Butlers. `--scale N` multiplies customers, time entries, invoices, Aufträge, Termine and
 * Butlers by N. Pseudo-random but repeatable (setseed). Needs a fresh database: ids start at 1.
 */
export const BENCH_SIZES = {
  customers: 1_000,
  timeEntries: 250_000,
  invoices: 10_000,
  orders: 20_000,
  visits: 20_000,
  butlers: 4,
  years: 10,
};

export function benchSizes(scale: number) {
  return {
    customers: BENCH_SIZES.customers * scale,
    timeEntries: BENCH_SIZES.timeEntries * scale,
    invoices: BENCH_SIZES.invoices * scale,
    orders: BENCH_SIZES.orders * scale,
    visits: BENCH_SIZES.visits * scale,
    butlers: BENCH_SIZES.butlers * scale,
    years: BENCH_SIZES.years,
  };
}

export async function generateBenchData(db: Database, passwordHash: string, today: string, scale = 1) {
  const sizes = benchSizes(scale);
  const firstYear = Number(today.slice(0, 4)) - (sizes.years - 1);
  const start = `${firstYear}-01-01`;
  const n = sizes.customers;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.42)`);
    await tx.execute(sql`
      INSERT INTO customers (first_name, last_name, email, phone, company, password_hash, referral_code, created_at)
      SELECT (ARRAY['Anna','Bernd','Clara','David','Eva','Franz','Gerda','Hans','Ida','Josef'])[1 + i % 10],
             'Kunde ' || lpad(i::text, 4, '0'), 'kunde' || i || '@bench.example.at', '+43 660 ' || (1000000 + i),
             CASE WHEN i % 3 = 0 THEN 'Firma ' || i END, ${passwordHash},
             translate(lpad(i::text, 8, '0'), '0123456789', 'ABCDEFGHJK'),
             ${start}::date + make_interval(days => (i * 3) % 3650)
      FROM generate_series(1, ${n}) i`);
    // Projects 2c−1 and 2c belong to customer c (fresh sequences).
    await tx.execute(sql`
      INSERT INTO projects (customer_id, name, description, is_active)
      SELECT (i + 1) / 2, 'Projekt ' || i, 'Beschreibung ' || i, i % 7 <> 0 FROM generate_series(1, ${2 * n}) i`);
    await tx.execute(sql`
      INSERT INTO subscriptions (customer_id, template_name, duration_months, monthly_hours, monthly_price,
                                 original_monthly_price, start_date, end_date, is_active)
      SELECT c, 'Classic', 12, x.h, x.h * 50, x.h * 50, x.s, (x.s + interval '12 months')::date - 1, c % 50 <> 0
      FROM generate_series(1, ${n}) c
      CROSS JOIN generate_series(0, ${BENCH_SIZES.years - 1}) k
      CROSS JOIN LATERAL (
        SELECT (${start}::date + (c % 28) + make_interval(months => 12 * k + c % 12))::date AS s,
               (2 + (c % 37) * 0.5)::numeric(8,2) AS h
      ) x
      WHERE c % 5 <> 0`);
    await tx.execute(sql`
      INSERT INTO hour_packages (customer_id, hours, price_per_hour, total_price, purchase_date, created_by)
      SELECT c, h, 50, h * 50, ${start}::date + (c * 37 + k * 1217) % 3650, 'admin'
      FROM generate_series(1, ${n}) c CROSS JOIN generate_series(0, 2) k
      CROSS JOIN LATERAL (SELECT (5 + ((c + k) % 71) * 0.5)::numeric(8,2) AS h) x`);
    await tx.execute(sql`
      INSERT INTO time_entries (customer_id, project_id, hours, activity_description, work_date, created_by, billing_type)
      SELECT x.c, 2 * x.c - (i % 2), ((i % 16) + 1) * 0.25, 'Tätigkeit Nummer ' || i,
             ${start}::date + floor(random() * (${today}::date - ${start}::date + 1))::int, 'admin',
             CASE WHEN x.c % 5 <> 0 AND i % 4 <> 0 THEN 'abos' ELSE 'stundenpakete' END
      FROM generate_series(1, ${sizes.timeEntries}) i
      CROSS JOIN LATERAL (SELECT 1 + floor(random() * ${n})::int + i * 0 AS c) x`);
    // Invoices spread evenly over the ten years (numbered per year in date order): 3 % drafts,
    // 2 % cancelled, those of the last 60 days sent, the rest paid; one line of hours at € 50 + 20 %.
    await tx.execute(sql`
      INSERT INTO invoices (customer_id, customer_name, customer_email, invoice_date, due_date, status,
                            invoice_number, number_year, number_sequence, total_net, total_tax, total_gross,
                            paid_at, paid_amount, sent_at, created_by)
      SELECT x.c, c.first_name || ' ' || c.last_name, c.email, x.d, x.d + 14, x.status,
             CASE WHEN x.status <> 'draft' THEN extract(year FROM x.d)::int || '-' || lpad(x.seq::text, 6, '0') END,
             CASE WHEN x.status <> 'draft' THEN extract(year FROM x.d)::int END,
             CASE WHEN x.status <> 'draft' THEN x.seq END,
             x.net, round(x.net * 0.2, 2), x.net + round(x.net * 0.2, 2),
             CASE WHEN x.status = 'paid' THEN x.d + 10 END,
             CASE WHEN x.status = 'paid' THEN x.net + round(x.net * 0.2, 2) END,
             CASE WHEN x.status <> 'draft' THEN x.d::timestamptz END, 'admin'
      FROM (
        SELECT y.*, row_number() OVER (PARTITION BY extract(year FROM y.d) ORDER BY y.i) AS seq
        FROM (
          SELECT i, 1 + (i * 7919) % ${n} AS c,
                 (${start}::date + (i::bigint * (${today}::date - ${start}::date) / ${sizes.invoices})::int) AS d,
                 ((1 + i % 40) * 0.5 * 50)::numeric(12,2) AS net,
                 CASE WHEN i % 33 = 0 THEN 'draft' WHEN i % 50 = 0 THEN 'cancelled'
                      WHEN i > ${sizes.invoices} - ${sizes.invoices} * 60 / 3650 THEN 'sent' ELSE 'paid' END AS status
          FROM generate_series(1, ${sizes.invoices}) i
        ) y
      ) x JOIN customers c ON c.id = x.c`);
    await tx.execute(sql`
      INSERT INTO invoice_items (invoice_id, position, description, quantity, unit, unit_price, tax_rate, line_net)
      SELECT id, 1, 'BUTLER Stunden', total_net / 50, 'h', 50, 20, total_net FROM invoices`);
    // Wiki: two categories, three entries per customer (the top bar's search looks at titles).
    await tx.execute(sql`
      INSERT INTO wiki_categories (name, icon, created_by) VALUES ('Hausinfos', '🏠', 'admin'), ('Zugänge', '🔐', 'admin')`);
    await tx.execute(sql`
      INSERT INTO wiki_entries (customer_id, category_id, title, content, created_by)
      SELECT c, 1 + k % 2, (ARRAY['Schlüssel','WLAN','Müllabfuhr'])[1 + k] || ' ' || c, '<p>Hinweis</p>', 'admin'
      FROM generate_series(1, ${n}) c CROSS JOIN generate_series(0, 2) k`);
    // Aufträge over the ten years, customer (o % n) + 1 (decision 0810). Those filed more than
    // 60 days ago are closed (8 of 10 done), the recent ones in every state; a third have a due
    // date around today, a quarter an estimate, some a Freigabe asked for or given.
    await tx.execute(sql`
      INSERT INTO orders (customer_id, title, details, state, channel, urgent, due_date, estimate_hours,
                          approval_state, approval_estimate_hours, approval_available_hours, created_at, updated_at, closed_at)
      SELECT 1 + (o % ${n}), 'Auftrag Nummer ' || o, 'Details zum Auftrag ' || o, x.state,
             (ARRAY['lounge','lounge','phone','whatsapp','email'])[1 + o % 5],
             o % 17 = 0,
             CASE WHEN o % 3 = 0 THEN x.at::date + 7 + (o % 30) END,
             CASE WHEN o % 4 = 0 THEN ((o % 12) + 1) * 0.5 END,
             CASE WHEN o % 8 = 0 THEN 'requested' WHEN o % 12 = 0 THEN 'approved' END,
             CASE WHEN o % 8 = 0 OR o % 12 = 0 THEN ((o % 12) + 1) * 0.5 END,
             CASE WHEN o % 8 = 0 OR o % 12 = 0 THEN 0.5 END,
             x.at, x.at + interval '2 days', CASE WHEN x.state IN ('done','declined','withdrawn') THEN x.at + interval '3 days' END
      FROM generate_series(1, ${sizes.orders}) o
      CROSS JOIN LATERAL (SELECT (${start}::date + ((o::bigint * (${today}::date - ${start}::date)) / ${sizes.orders})::int)::timestamptz AS at) d
      CROSS JOIN LATERAL (SELECT d.at, CASE WHEN d.at < ${today}::date - 60
        THEN (ARRAY['done','done','done','done','done','done','done','done','declined','withdrawn'])[1 + o % 10]
        ELSE (ARRAY['new','accepted','planned','in_progress','waiting_customer','done','done','done','declined','withdrawn'])[1 + o % 10]
        END AS state) x`);
    await tx.execute(sql`
      INSERT INTO order_messages (order_id, author_kind, body, internal, created_at)
      SELECT o.id, (ARRAY['customer','staff','staff'])[1 + k], 'Nachricht ' || k || ' zum Auftrag ' || o.id,
             k = 2 AND o.id % 5 = 0, o.created_at + k * interval '1 hour'
      FROM orders o CROSS JOIN generate_series(0, 2) k`);
    // Every tenth entry is booked on one of its customer's Aufträge (orders c − 1 + n·j belong to customer c).
    await tx.execute(sql`
      UPDATE time_entries SET order_id = customer_id - 1 + ${n} * (1 + id % ${Math.max(1, sizes.orders / n - 1)})
      WHERE id % 10 = 0`);
    // Termine (decision 0840): the week of a 40-person team at scale 10 holds ~385 visits.
    await tx.execute(sql`
      INSERT INTO admins (username, name, password_hash, role)
      SELECT 'butler' || b, 'Butler ' || b, ${passwordHash}, 'butler' FROM generate_series(1, ${sizes.butlers}) b`);
    await tx.execute(sql`
      INSERT INTO visits (customer_id, starts_at, ends_at, kind, state, purpose, cancel_reason, done_at, sequence)
      SELECT 1 + (v % ${n}), x.at, x.at + (1 + v % 2) * interval '1 hour',
             (ARRAY['trip','trip','remote','trip','office'])[1 + v % 5],
             x.state, 'Besuch Nummer ' || v, CASE WHEN x.state = 'cancelled' THEN 'Kundin verhindert' END,
             CASE WHEN x.state = 'done' THEN x.at + interval '2 hours' END, v % 3
      FROM generate_series(1, ${sizes.visits}) v
      CROSS JOIN LATERAL (SELECT (${start}::date + ((v::bigint * (${today}::date + 365 - ${start}::date)) / ${sizes.visits})::int
        + make_interval(hours => 8 + v % 9))::timestamp AT TIME ZONE 'Europe/Vienna' AS at) d
      CROSS JOIN LATERAL (SELECT d.at, CASE WHEN d.at < ${today}::date
        THEN (ARRAY['done','done','done','done','done','done','done','done','cancelled','done'])[1 + v % 10]
        ELSE (ARRAY['planned','planned','confirmed','moved','planned','confirmed','planned','planned','cancelled','planned'])[1 + v % 10]
        END AS state) x`);
    await tx.execute(sql`
      INSERT INTO visit_staff (visit_id, admin_id)
      SELECT v.id, a.id FROM visits v JOIN admins a ON a.username = 'butler' || (1 + v.id % ${sizes.butlers})`);
    await tx.execute(sql`
      INSERT INTO visit_requests (visit_id, customer_id, kind, message)
      SELECT id, customer_id, 'move', 'Lieber eine Stunde später'
      FROM visits WHERE starts_at > ${today}::date AND state IN ('planned','confirmed') AND id % 50 = 0`);
    await tx.execute(sql`
      INSERT INTO invoice_number_counters (year, last_sequence)
      SELECT number_year, max(number_sequence) FROM invoices WHERE number_year IS NOT NULL GROUP BY number_year`);
  });
  await generateHourOrders(db, today, scale);
  await db.execute(sql`VACUUM ANALYZE`);
}

/**
 * "Stunden nachkaufen" (decision 0850): three offers and two lounge orders a year per
 * customer over the last year, most of them done, every 40th waiting for the office, every
 * 10th for its payment. Also run on a kept database from before the hour shop (bench.ts).
 */
export async function generateHourOrders(db: Database, today: string, scale = 1) {
  const n = benchSizes(scale).customers;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO hour_offers (hours, price_per_hour) VALUES (5, 58), (10, 55), (20, 52)`);
    await tx.execute(sql`
      INSERT INTO hour_orders (customer_id, offer_id, idempotency_key, hours, price_per_hour, total_price, total_gross,
                               state, release, ordered_on, ordered_at)
      SELECT 1 + (o % ${n}), f.id, 'bench-order-' || o, f.hours, f.price_per_hour, f.hours * f.price_per_hour,
             round(f.hours * f.price_per_hour * 1.2, 2),
             CASE WHEN o % 40 = 0 THEN 'requested' WHEN o % 10 = 0 THEN 'awaiting_payment' ELSE 'completed' END,
             'payment', d.day, d.day + interval '10 hours'
      FROM generate_series(1, ${2 * n}) o
      JOIN hour_offers f ON f.id = (SELECT min(id) FROM hour_offers) + o % 3
      CROSS JOIN LATERAL (SELECT (${today}::date - (o % 365))::date AS day) d`);
  });
}
