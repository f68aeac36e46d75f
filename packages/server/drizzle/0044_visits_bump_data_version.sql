-- The monthly view's cards show each customer's Fahrten (decision 0841): visits and the visit
-- settings ("übernehmen") now bump data_version like the hour tables, so the cached page
-- (lib/figure-cache.ts) is computed again after a visit is done, moved or cancelled.
CREATE TRIGGER visits_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON visits
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER visit_settings_bump_data_version AFTER INSERT OR UPDATE OR DELETE ON visit_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
