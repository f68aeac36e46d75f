CREATE TABLE "account_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"admin_id" integer,
	"customer_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_purpose_ck" CHECK ("account_tokens"."purpose" IN ('staff_invitation','customer_invitation','password_reset','login_totp','login_enrol')),
	CONSTRAINT "account_tokens_owner_ck" CHECK (("account_tokens"."admin_id" IS NULL) <> ("account_tokens"."customer_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"require_staff_totp" boolean DEFAULT false NOT NULL,
	CONSTRAINT "security_settings_single_row_ck" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "admins" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash_uq" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_admin_idx" ON "account_tokens" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "account_tokens_customer_idx" ON "account_tokens" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_admin_idx" ON "recovery_codes" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "audit_log_customer_idx" ON "audit_log" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_type","actor_id","at");--> statement-breakpoint
-- Backfill: which customer each existing audit row belongs to (records deleted since stay unlinked).
UPDATE "audit_log" a SET "customer_id" = c."id" FROM "customers" c WHERE a."entity" = 'customer' AND a."entity_id" = c."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "customer_id" = t."customer_id" FROM "subscriptions" t WHERE a."entity" = 'subscription' AND a."entity_id" = t."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "customer_id" = t."customer_id" FROM "hour_packages" t WHERE a."entity" = 'hour_package' AND a."entity_id" = t."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "customer_id" = t."customer_id" FROM "projects" t WHERE a."entity" = 'project' AND a."entity_id" = t."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "customer_id" = t."customer_id" FROM "time_entries" t WHERE a."entity" = 'time_entry' AND a."entity_id" = t."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "customer_id" = t."customer_id" FROM "wiki_entries" t WHERE a."entity" = 'wiki_entry' AND a."entity_id" = t."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "customer_id" = t."customer_id" FROM "invoices" t WHERE a."entity" = 'invoice' AND a."entity_id" = t."id"::text;
