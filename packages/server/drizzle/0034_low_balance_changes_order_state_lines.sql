ALTER TABLE "order_messages" ADD COLUMN "state_change" text;--> statement-breakpoint
-- IF NOT EXISTS: a database that ran a draft of this migration without the order column (a kept bench database) takes it too.
ALTER TABLE "customer_data_versions" ADD COLUMN IF NOT EXISTS "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customer_data_versions_changed_idx" ON "customer_data_versions" USING btree ("changed_xid");--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_state_change_ck" CHECK ("order_messages"."state_change" IS NULL OR "order_messages"."author_kind" = 'system');--> statement-breakpoint
-- As in migration 0018, and each bump also records the transaction that made it (decision 0813).
CREATE OR REPLACE FUNCTION bump_customer_versions(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO customer_data_versions AS v (customer_id, version, changed_xid)
  SELECT DISTINCT x.id, 1, pg_current_xact_id() FROM unnest(ids) AS x(id) WHERE x.id IS NOT NULL ORDER BY x.id
  ON CONFLICT (customer_id) DO UPDATE SET version = v.version + 1, changed_xid = excluded.changed_xid
$$;
