-- The customer lounge answers (dashboard, subscription, QR code) are cached until data_version
-- moves (decision 0400); they also read projects and the referral and provider settings.
CREATE TRIGGER projects_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER referral_settings_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON referral_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER provider_settings_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
