CREATE TABLE "invoice_totals" (
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"total_gross" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "invoice_totals_kind_status_pk" PRIMARY KEY("kind","status")
);
--> statement-breakpoint
DROP INDEX "customers_name_idx";--> statement-breakpoint
DROP INDEX "invoices_date_idx";--> statement-breakpoint
DROP INDEX "time_entries_type_date_idx";--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("first_name" gin_trgm_ops,"last_name" gin_trgm_ops,("first_name" || ' ' || "last_name") gin_trgm_ops,"email" gin_trgm_ops,"company" gin_trgm_ops,"referral_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_paid_idx" ON "invoices" USING btree ("paid_at","paid_amount") WHERE "invoices"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "time_entries_customer_date_id_idx" ON "time_entries" USING btree ("customer_id","work_date","id");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("invoice_date","id");--> statement-breakpoint
CREATE INDEX "time_entries_type_date_idx" ON "time_entries" USING btree ("billing_type","work_date","customer_id","hours");--> statement-breakpoint
-- Decision 0402: invoice_totals is kept by row triggers in the same transaction as the write.
-- An UPDATE only counts when kind, status or the gross total change (no lock otherwise).
CREATE FUNCTION invoice_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE invoice_totals SET invoices = invoices - 1, total_gross = total_gross - OLD.total_gross
    WHERE kind = OLD.kind AND status = OLD.status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO invoice_totals AS t (kind, status, invoices, total_gross) VALUES (NEW.kind, NEW.status, 1, NEW.total_gross)
    ON CONFLICT (kind, status) DO UPDATE SET invoices = t.invoices + 1, total_gross = t.total_gross + excluded.total_gross;
  END IF;
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE FUNCTION invoice_totals_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN DELETE FROM invoice_totals; RETURN NULL; END; $$;
--> statement-breakpoint
CREATE TRIGGER invoices_totals_insert_delete AFTER INSERT OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_totals_track();
--> statement-breakpoint
CREATE TRIGGER invoices_totals_update AFTER UPDATE OF kind, status, total_gross ON invoices
  FOR EACH ROW WHEN (OLD.kind IS DISTINCT FROM NEW.kind OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.total_gross IS DISTINCT FROM NEW.total_gross)
  EXECUTE FUNCTION invoice_totals_track();
--> statement-breakpoint
CREATE TRIGGER invoices_totals_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_reset();
--> statement-breakpoint
INSERT INTO invoice_totals (kind, status, invoices, total_gross)
SELECT kind, status, count(*), sum(total_gross) FROM invoices GROUP BY kind, status;
