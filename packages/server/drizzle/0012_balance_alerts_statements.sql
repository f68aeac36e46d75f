CREATE TABLE "balance_alert_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"butler_used_percent" numeric(5, 2) DEFAULT '80' NOT NULL,
	"package_remaining_hours" numeric(8, 2) DEFAULT '2' NOT NULL,
	"package_remaining_percent" numeric(5, 2) DEFAULT '20' NOT NULL,
	"notify_customers" boolean DEFAULT true NOT NULL,
	"notify_staff" boolean DEFAULT true NOT NULL,
	CONSTRAINT "balance_alert_settings_single_row_ck" CHECK (id = 1),
	CONSTRAINT "balance_alert_settings_butler_ck" CHECK ("balance_alert_settings"."butler_used_percent" > 0 AND "balance_alert_settings"."butler_used_percent" <= 100),
	CONSTRAINT "balance_alert_settings_package_ck" CHECK ("balance_alert_settings"."package_remaining_hours" >= 0 AND "balance_alert_settings"."package_remaining_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "balance_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"hours_total" numeric(8, 2) NOT NULL,
	"hours_used" numeric(8, 2) NOT NULL,
	"hours_remaining" numeric(8, 2) NOT NULL,
	"period_end" date,
	"crossed_on" date NOT NULL,
	"customer_mailed" boolean DEFAULT false NOT NULL,
	"digest_slot" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_alerts_kind_ck" CHECK ("balance_alerts"."kind" IN ('butler', 'package'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "balance_alert_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "statement_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_alerts" ADD CONSTRAINT "balance_alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_alerts_scope_uq" ON "balance_alerts" USING btree ("customer_id","kind","scope");--> statement-breakpoint
CREATE INDEX "balance_alerts_digest_idx" ON "balance_alerts" USING btree ("digest_slot");