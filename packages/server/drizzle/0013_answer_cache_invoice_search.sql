-- Decision 0400: the customer lounge answers (dashboard, subscription, QR code) are cached until
-- data_version moves; they also read projects, the referral and provider settings and the
-- low-balance thresholds (the lounge banner).
CREATE TRIGGER projects_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER referral_settings_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON referral_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER provider_settings_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER balance_alert_settings_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON balance_alert_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
-- Invoice search (decision 0401).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_customer_name_trgm_idx" ON "invoices" USING gin ("customer_name" gin_trgm_ops);