CREATE TABLE "customer_data_versions" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_data_versions_id_ck" CHECK ("customer_data_versions"."customer_id" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hour_month_summaries" (
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"month" date NOT NULL,
	"allotted" numeric(14, 2) NOT NULL,
	"carried" numeric(14, 2) NOT NULL,
	"used" numeric(14, 2) NOT NULL,
	CONSTRAINT "hour_month_summaries_customer_id_kind_month_pk" PRIMARY KEY("customer_id","kind","month"),
	CONSTRAINT "hour_month_summaries_kind_ck" CHECK ("hour_month_summaries"."kind" IN ('abos','stundenpakete'))
);
--> statement-breakpoint
CREATE TABLE "hour_package_spans" (
	"customer_id" integer NOT NULL,
	"from_month" date NOT NULL,
	"to_month" date,
	CONSTRAINT "hour_package_spans_customer_id_from_month_pk" PRIMARY KEY("customer_id","from_month")
);
--> statement-breakpoint
CREATE TABLE "hour_package_totals" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"purchased" numeric(14, 2) NOT NULL,
	"used" numeric(14, 2) NOT NULL,
	"first_month" date NOT NULL,
	"last_month" date NOT NULL,
	"newest_package_id" integer,
	"newest_package_hours" numeric(8, 2)
);
--> statement-breakpoint
CREATE TABLE "hour_year_summaries" (
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"allotted" numeric(14, 2) NOT NULL,
	"carried" numeric(14, 2) NOT NULL,
	"used" numeric(14, 2) NOT NULL,
	CONSTRAINT "hour_year_summaries_customer_id_kind_year_pk" PRIMARY KEY("customer_id","kind","year"),
	CONSTRAINT "hour_year_summaries_kind_ck" CHECK ("hour_year_summaries"."kind" IN ('abos','stundenpakete'))
);
--> statement-breakpoint
CREATE INDEX "hour_month_summaries_month_idx" ON "hour_month_summaries" USING btree ("kind","month","customer_id","allotted","carried","used");--> statement-breakpoint
CREATE INDEX "hour_package_spans_from_idx" ON "hour_package_spans" USING btree ("from_month");--> statement-breakpoint
CREATE INDEX "hour_package_totals_last_month_idx" ON "hour_package_totals" USING btree ("last_month");--> statement-breakpoint
CREATE INDEX "hour_year_summaries_year_idx" ON "hour_year_summaries" USING btree ("kind","year","customer_id","allotted","carried","used");--> statement-breakpoint
-- Decision 0560: hour summaries kept in the transaction of the write, and per-customer answer
-- versions. Everything below is derived from the ledger (subscriptions, hour_packages,
-- time_entries); `npm run db:verify-summaries` recomputes it and compares.
--
-- hour_summary_rows(ids): the monthly rows of these customers, computed from the ledger by the
-- rules of DOMAIN-RULES §4 (the SQL twin of domain/admin-figures.ts; period arithmetic as in
-- modules/hour-accounting/period-sql.ts; a period's end is subscriptionEndDate of
-- packages/contract/src/subscription-periods.ts, checked in hour-accounting-sql.test.ts).
CREATE FUNCTION hour_summary_rows(ids integer[])
RETURNS TABLE (customer_id integer, kind text, month date, allotted numeric, carried numeric, used numeric)
LANGUAGE sql STABLE AS $$
  WITH subs AS MATERIALIZED (
    SELECT s.id, s.customer_id, s.monthly_hours, s.start_date, s.duration_months,
           date_part('year', s.start_date)::int * 12 + date_part('month', s.start_date)::int - 1 AS start_month,
           date_part('day', s.start_date)::int AS start_day
    FROM subscriptions s WHERE s.is_active AND s.customer_id = ANY(ids)
  ),
  entries AS (
    SELECT te.customer_id, te.hours, te.work_date,
           date_part('year', te.work_date)::int * 12 + date_part('month', te.work_date)::int - 1 AS work_month,
           date_part('day', te.work_date)::int AS work_day
    FROM time_entries te WHERE te.billing_type = 'abos' AND te.customer_id = ANY(ids)
  ),
  usage AS (
    SELECT x.id, x.i, sum(x.hours) AS used
    FROM (
      SELECT s.id, s.duration_months, e.hours,
             -- whole months from the start, one less when the day lies before that month's clamped start day
             e.work_month - s.start_month - CASE
               WHEN e.work_day >= s.start_day THEN 0
               WHEN e.work_date < (s.start_date + make_interval(months => e.work_month - s.start_month))::date THEN 1
               ELSE 0 END AS i
      FROM subs s JOIN entries e ON e.customer_id = s.customer_id AND e.work_date >= s.start_date
    ) x
    WHERE x.i BETWEEN 0 AND x.duration_months - 1
    GROUP BY x.id, x.i
  ),
  periods AS (
    SELECT s.customer_id, s.start_month + g.i AS m, s.monthly_hours AS allotted, coalesce(u.used, 0) AS used,
           coalesce(sum(s.monthly_hours - coalesce(u.used, 0)) OVER (
             PARTITION BY s.id ORDER BY g.i ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS carried
    FROM subs s
    JOIN generate_series(0, 119) AS g(i) ON g.i < s.duration_months
    LEFT JOIN usage u ON u.id = s.id AND u.i = g.i
  ),
  package_months AS (
    SELECT mv.customer_id, mv.m, sum(mv.bought) AS bought, sum(mv.used) AS used
    FROM (
      SELECT hp.customer_id, date_part('year', hp.purchase_date)::int * 12 + date_part('month', hp.purchase_date)::int - 1 AS m,
             hp.hours AS bought, 0::numeric AS used
      FROM hour_packages hp WHERE hp.customer_id = ANY(ids)
      UNION ALL
      SELECT te.customer_id, date_part('year', te.work_date)::int * 12 + date_part('month', te.work_date)::int - 1,
             0::numeric, te.hours
      FROM time_entries te WHERE te.billing_type = 'stundenpakete' AND te.customer_id = ANY(ids)
    ) mv
    GROUP BY mv.customer_id, mv.m
  )
  SELECT p.customer_id, 'abos'::text, make_date(p.m / 12, p.m % 12 + 1, 1), sum(p.allotted), sum(p.carried), sum(p.used)
  FROM periods p GROUP BY p.customer_id, p.m
  UNION ALL
  SELECT pm.customer_id, 'stundenpakete'::text, make_date(pm.m / 12, pm.m % 12 + 1, 1), pm.bought,
         coalesce(sum(pm.bought - pm.used) OVER (
           PARTITION BY pm.customer_id ORDER BY pm.m ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0),
         pm.used
  FROM package_months pm
$$;
--> statement-breakpoint
-- The yearly rows, package totals and package spans of these customers, derived from their
-- (already refreshed) monthly rows.
CREATE FUNCTION hour_year_rows(ids integer[])
RETURNS TABLE (customer_id integer, kind text, year integer, allotted numeric, carried numeric, used numeric)
LANGUAGE sql STABLE AS $$
  SELECT h.customer_id, h.kind, date_part('year', h.month)::int, sum(h.allotted),
         (array_agg(h.carried ORDER BY h.month))[1], sum(h.used)
  FROM hour_month_summaries h WHERE h.customer_id = ANY(ids)
  GROUP BY h.customer_id, h.kind, date_part('year', h.month)::int
$$;
--> statement-breakpoint
CREATE FUNCTION hour_package_total_rows(ids integer[])
RETURNS TABLE (customer_id integer, purchased numeric, used numeric, first_month date, last_month date,
               newest_package_id integer, newest_package_hours numeric)
LANGUAGE sql STABLE AS $$
  SELECT h.customer_id, sum(h.allotted), sum(h.used), min(h.month), max(h.month),
         (SELECT hp.id FROM hour_packages hp WHERE hp.customer_id = h.customer_id
           ORDER BY hp.purchase_date DESC, hp.id DESC LIMIT 1),
         (SELECT hp.hours FROM hour_packages hp WHERE hp.customer_id = h.customer_id
           ORDER BY hp.purchase_date DESC, hp.id DESC LIMIT 1)
  FROM hour_month_summaries h WHERE h.kind = 'stundenpakete' AND h.customer_id = ANY(ids)
  GROUP BY h.customer_id
$$;
--> statement-breakpoint
-- A month with a movement has the total carried + allotted; the months up to the next movement
-- have its closing balance (carried + allotted − used). Positive stretches, merged.
CREATE FUNCTION hour_package_span_rows(ids integer[])
RETURNS TABLE (customer_id integer, from_month date, to_month date)
LANGUAGE sql STABLE AS $$
  WITH r AS (
    SELECT h.customer_id, h.month, h.carried + h.allotted AS total, h.carried + h.allotted - h.used AS closing,
           lead(h.month) OVER (PARTITION BY h.customer_id ORDER BY h.month) AS next
    FROM hour_month_summaries h WHERE h.kind = 'stundenpakete' AND h.customer_id = ANY(ids)
  ),
  segments AS (
    SELECT r.customer_id, r.month AS f, r.month AS t FROM r WHERE r.total > 0
    UNION ALL
    SELECT r.customer_id, (r.month + interval '1 month')::date, (r.next - interval '1 month')::date
    FROM r WHERE r.closing > 0 AND (r.next IS NULL OR r.next > (r.month + interval '1 month')::date)
  ),
  marked AS (
    SELECT s.*, CASE WHEN s.f <= (lag(s.t) OVER w + interval '1 month')::date THEN 0 ELSE 1 END AS starts
    FROM segments s WINDOW w AS (PARTITION BY s.customer_id ORDER BY s.f)
  ),
  islands AS (
    SELECT m.*, sum(m.starts) OVER (PARTITION BY m.customer_id ORDER BY m.f) AS island FROM marked m
  )
  SELECT i.customer_id, min(i.f), CASE WHEN bool_or(i.t IS NULL) THEN NULL ELSE max(i.t) END
  FROM islands i GROUP BY i.customer_id, i.island
$$;
--> statement-breakpoint
-- Brings the four summary tables of these customers in line with the ledger, writing only the
-- rows that differ (a booking today rewrites one or two rows, not the customer's history).
CREATE FUNCTION refresh_hour_summaries(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH wanted AS MATERIALIZED (SELECT * FROM hour_summary_rows(ids)),
  up AS (
    INSERT INTO hour_month_summaries AS t (customer_id, kind, month, allotted, carried, used)
    SELECT * FROM wanted ORDER BY 1, 2, 3
    ON CONFLICT (customer_id, kind, month) DO UPDATE
      SET allotted = excluded.allotted, carried = excluded.carried, used = excluded.used
      WHERE (t.allotted, t.carried, t.used) IS DISTINCT FROM (excluded.allotted, excluded.carried, excluded.used)
  )
  DELETE FROM hour_month_summaries t WHERE t.customer_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.customer_id = t.customer_id AND w.kind = t.kind AND w.month = t.month);

  WITH wanted AS MATERIALIZED (SELECT * FROM hour_year_rows(ids)),
  up AS (
    INSERT INTO hour_year_summaries AS t (customer_id, kind, year, allotted, carried, used)
    SELECT * FROM wanted ORDER BY 1, 2, 3
    ON CONFLICT (customer_id, kind, year) DO UPDATE
      SET allotted = excluded.allotted, carried = excluded.carried, used = excluded.used
      WHERE (t.allotted, t.carried, t.used) IS DISTINCT FROM (excluded.allotted, excluded.carried, excluded.used)
  )
  DELETE FROM hour_year_summaries t WHERE t.customer_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.customer_id = t.customer_id AND w.kind = t.kind AND w.year = t.year);

  WITH wanted AS MATERIALIZED (SELECT * FROM hour_package_total_rows(ids)),
  up AS (
    INSERT INTO hour_package_totals AS t
      (customer_id, purchased, used, first_month, last_month, newest_package_id, newest_package_hours)
    SELECT * FROM wanted ORDER BY 1
    ON CONFLICT (customer_id) DO UPDATE
      SET purchased = excluded.purchased, used = excluded.used, first_month = excluded.first_month,
          last_month = excluded.last_month, newest_package_id = excluded.newest_package_id,
          newest_package_hours = excluded.newest_package_hours
      WHERE (t.purchased, t.used, t.first_month, t.last_month, t.newest_package_id, t.newest_package_hours)
        IS DISTINCT FROM (excluded.purchased, excluded.used, excluded.first_month, excluded.last_month,
                          excluded.newest_package_id, excluded.newest_package_hours)
  )
  DELETE FROM hour_package_totals t WHERE t.customer_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.customer_id = t.customer_id);

  WITH wanted AS MATERIALIZED (SELECT * FROM hour_package_span_rows(ids)),
  up AS (
    INSERT INTO hour_package_spans AS t (customer_id, from_month, to_month)
    SELECT * FROM wanted ORDER BY 1, 2
    ON CONFLICT (customer_id, from_month) DO UPDATE SET to_month = excluded.to_month
      WHERE t.to_month IS DISTINCT FROM excluded.to_month
  )
  DELETE FROM hour_package_spans t WHERE t.customer_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.customer_id = t.customer_id AND w.from_month = t.from_month);
END; $$;
--> statement-breakpoint
-- Bumps the answer versions of these customers, in id order (two transactions lock shared
-- rows in the same order). It also serialises the summary refresh of one customer: the
-- second writer waits here until the first commits, then computes from what it committed.
CREATE FUNCTION bump_customer_versions(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO customer_data_versions AS v (customer_id, version)
  SELECT DISTINCT x.id, 1 FROM unnest(ids) AS x(id) WHERE x.id IS NOT NULL ORDER BY x.id
  ON CONFLICT (customer_id) DO UPDATE SET version = v.version + 1
$$;
--> statement-breakpoint
-- Statement triggers on subscriptions, hour_packages and time_entries (one per event: a trigger
-- with transition tables serves one event). TG_ARGV[0] = 'referrers': the customers who referred
-- the affected ones see their purchases in the lounge (has_purchase, referral hours).
CREATE FUNCTION hour_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.customer_id ORDER BY n.customer_id) INTO ids FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.customer_id ORDER BY o.customer_id) INTO ids FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT x.customer_id ORDER BY x.customer_id) INTO ids
    FROM (SELECT o.customer_id FROM old_rows o UNION SELECT n.customer_id FROM new_rows n) x;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  IF TG_ARGV[0] = 'referrers' THEN
    PERFORM bump_customer_versions(ids || ARRAY(SELECT c.referred_by_id FROM customers c
                                                WHERE c.id = ANY(ids) AND c.referred_by_id IS NOT NULL));
  ELSE
    PERFORM bump_customer_versions(ids);
  END IF;
  -- A restore inserts in batches and refreshes everyone once at the end (restore-backup.ts).
  IF coalesce(current_setting('butler.defer_hour_summaries', true), '') <> 'on' THEN
    PERFORM refresh_hour_summaries(ids);
  END IF;
  RETURN NULL;
END; $$;
--> statement-breakpoint
-- A TRUNCATE (a restore) changes everyone: the summaries are rebuilt and every answer invalidated.
CREATE FUNCTION hour_rows_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM hour_month_summaries;
  DELETE FROM hour_year_summaries;
  DELETE FROM hour_package_totals;
  DELETE FROM hour_package_spans;
  PERFORM refresh_hour_summaries(ARRAY(SELECT id FROM customers ORDER BY id));
  PERFORM bump_customer_versions(ARRAY[0]);
  RETURN NULL;
END; $$;
--> statement-breakpoint
-- customers: the customer and the customers who referred them (old and new), whose lounge lists them.
CREATE FUNCTION customer_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.id) INTO ids FROM (SELECT n.id FROM new_rows n UNION SELECT n.referred_by_id FROM new_rows n) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.id) INTO ids FROM (SELECT o.id FROM old_rows o UNION SELECT o.referred_by_id FROM old_rows o) x;
  ELSE
    SELECT array_agg(x.id) INTO ids FROM (
      SELECT o.id FROM old_rows o UNION SELECT o.referred_by_id FROM old_rows o
      UNION SELECT n.id FROM new_rows n UNION SELECT n.referred_by_id FROM new_rows n) x;
  END IF;
  IF ids IS NOT NULL THEN PERFORM bump_customer_versions(ids); END IF;
  RETURN NULL;
END; $$;
--> statement-breakpoint
-- projects: the lounge lists a customer's active projects and names them in the bookings.
CREATE FUNCTION project_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.customer_id) INTO ids FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.customer_id) INTO ids FROM old_rows o;
  ELSE
    SELECT array_agg(x.customer_id) INTO ids
    FROM (SELECT o.customer_id FROM old_rows o UNION ALL SELECT n.customer_id FROM new_rows n) x;
  END IF;
  IF ids IS NOT NULL THEN PERFORM bump_customer_versions(ids); END IF;
  RETURN NULL;
END; $$;
--> statement-breakpoint
-- Settings every customer's answers read: row 0, part of every customer's version.
CREATE FUNCTION shared_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_customer_versions(ARRAY[0]);
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE TRIGGER time_entries_summaries_insert AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hour_rows_changed();
--> statement-breakpoint
CREATE TRIGGER time_entries_summaries_update AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hour_rows_changed();
--> statement-breakpoint
CREATE TRIGGER time_entries_summaries_delete AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hour_rows_changed();
--> statement-breakpoint
CREATE TRIGGER time_entries_summaries_truncate AFTER TRUNCATE ON time_entries
  FOR EACH STATEMENT EXECUTE FUNCTION hour_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER hour_packages_summaries_insert AFTER INSERT ON hour_packages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hour_rows_changed('referrers');
--> statement-breakpoint
CREATE TRIGGER hour_packages_summaries_update AFTER UPDATE ON hour_packages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hour_rows_changed('referrers');
--> statement-breakpoint
CREATE TRIGGER hour_packages_summaries_delete AFTER DELETE ON hour_packages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hour_rows_changed('referrers');
--> statement-breakpoint
CREATE TRIGGER hour_packages_summaries_truncate AFTER TRUNCATE ON hour_packages
  FOR EACH STATEMENT EXECUTE FUNCTION hour_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER subscriptions_summaries_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hour_rows_changed('referrers');
--> statement-breakpoint
CREATE TRIGGER subscriptions_summaries_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hour_rows_changed('referrers');
--> statement-breakpoint
CREATE TRIGGER subscriptions_summaries_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hour_rows_changed('referrers');
--> statement-breakpoint
CREATE TRIGGER subscriptions_summaries_truncate AFTER TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION hour_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER customers_versions_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_rows_changed();
--> statement-breakpoint
CREATE TRIGGER customers_versions_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_rows_changed();
--> statement-breakpoint
CREATE TRIGGER customers_versions_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_rows_changed();
--> statement-breakpoint
CREATE TRIGGER projects_versions_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_rows_changed();
--> statement-breakpoint
CREATE TRIGGER projects_versions_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_rows_changed();
--> statement-breakpoint
CREATE TRIGGER projects_versions_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_rows_changed();
--> statement-breakpoint
CREATE TRIGGER referral_settings_versions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON referral_settings
  FOR EACH STATEMENT EXECUTE FUNCTION shared_settings_changed();
--> statement-breakpoint
CREATE TRIGGER provider_settings_versions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_settings
  FOR EACH STATEMENT EXECUTE FUNCTION shared_settings_changed();
--> statement-breakpoint
CREATE TRIGGER balance_alert_settings_versions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON balance_alert_settings
  FOR EACH STATEMENT EXECUTE FUNCTION shared_settings_changed();
--> statement-breakpoint
INSERT INTO customer_data_versions (customer_id, version) VALUES (0, 0);
--> statement-breakpoint
SELECT refresh_hour_summaries(ARRAY(SELECT id FROM customers ORDER BY id));
