ALTER TABLE "provider_settings" ALTER COLUMN "company_name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "previous_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "onboarding_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dashboard_settings" ADD COLUMN "saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_settings" ADD COLUMN "accent_color" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Decision 0630: the old default company name was never the owner's; clear it where nothing else was entered.
UPDATE "provider_settings" SET "company_name" = '' WHERE "company_name" = 'Mein BUTLER' AND "street" = '' AND "uid" = '' AND "tax_number" = '';--> statement-breakpoint
-- Whoever has signed in before is greeted with "Willkommen zurück" on the next sign-in.
UPDATE "admins" SET "previous_login_at" = "last_login_at" WHERE "last_login_at" IS NOT NULL;--> statement-breakpoint
-- Targets count as chosen where someone has saved the dashboard settings before.
UPDATE "dashboard_settings" SET "saved_at" = now() WHERE EXISTS (SELECT 1 FROM "audit_log" WHERE "entity" = 'dashboard_settings');
