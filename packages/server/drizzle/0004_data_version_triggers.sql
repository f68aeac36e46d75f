-- Every write to a table the dashboards aggregate bumps data_version (once per statement).
INSERT INTO "data_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER time_entries_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON time_entries
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER hour_packages_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hour_packages
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER subscriptions_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER customers_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER dashboard_settings_bump_data_version AFTER INSERT OR UPDATE OR DELETE ON dashboard_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
