ALTER TABLE "provider_settings" ALTER COLUMN "invoice_email_subject" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "salutation" text;--> statement-breakpoint
ALTER TABLE "provider_settings" ADD COLUMN "customer_voice" text DEFAULT 'du' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_salutation_ck" CHECK ("customers"."salutation" IS NULL OR "customers"."salutation" IN ('frau','herr'));--> statement-breakpoint
ALTER TABLE "provider_settings" ADD CONSTRAINT "provider_settings_customer_voice_ck" CHECK ("provider_settings"."customer_voice" IN ('du','sie'));--> statement-breakpoint
-- Hand-written (decision 0620): the old default subject becomes "the default of the chosen form of address".
UPDATE "provider_settings" SET "invoice_email_subject" = '' WHERE "invoice_email_subject" = 'Ihre Rechnung {nummer}';
--> statement-breakpoint
-- Decision 0622: bookings show people's display names, not usernames. Entries booked before
-- carry the username; where the staff member has a name, it replaces it (by the account's id,
-- or, for entries from before created_by_admin_id, by the username they were written with).
UPDATE "time_entries" AS te
SET "created_by" = a."name"
FROM "admins" AS a
WHERE a."name" <> ''
  AND te."created_by" IS DISTINCT FROM a."name"
  AND (te."created_by_admin_id" = a."id" OR (te."created_by_admin_id" IS NULL AND te."created_by" = a."username"));
