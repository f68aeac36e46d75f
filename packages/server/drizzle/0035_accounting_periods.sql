CREATE TABLE "accounting_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"period_kind" text NOT NULL,
	"blob_id" bigint NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"manifest" text NOT NULL,
	"is_correction" boolean DEFAULT false NOT NULL,
	"closed_period" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_exports_blob_id_unique" UNIQUE("blob_id"),
	CONSTRAINT "accounting_exports_kind_ck" CHECK ("accounting_exports"."period_kind" IN ('month', 'quarter', 'year')),
	CONSTRAINT "accounting_exports_period_ck" CHECK ("accounting_exports"."period_start" <= "accounting_exports"."period_end")
);
--> statement-breakpoint
CREATE TABLE "accounting_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revenue_account_20" text DEFAULT '4000' NOT NULL,
	"revenue_account_13" text DEFAULT '4013' NOT NULL,
	"revenue_account_10" text DEFAULT '4010' NOT NULL,
	"revenue_account_0" text DEFAULT '4020' NOT NULL,
	"small_business_revenue_account" text DEFAULT '4030' NOT NULL,
	"receivables_mode" text DEFAULT 'collective' NOT NULL,
	"receivables_account" text DEFAULT '2000' NOT NULL,
	"customer_account_start" integer DEFAULT 200000 NOT NULL,
	"customer_account_end" integer DEFAULT 299999 NOT NULL,
	"bank_account" text DEFAULT '2800' NOT NULL,
	"cash_account" text DEFAULT '2700' NOT NULL,
	"reminder_fee_account" text DEFAULT '4880' NOT NULL,
	"interest_account" text DEFAULT '8100' NOT NULL,
	"fiscal_year_start_month" integer DEFAULT 1 NOT NULL,
	"datev_consultant_number" integer,
	"datev_client_number" integer,
	"datev_account_length" integer DEFAULT 4 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "accounting_settings_single_row_ck" CHECK (id = 1),
	CONSTRAINT "accounting_settings_receivables_mode_ck" CHECK ("accounting_settings"."receivables_mode" IN ('collective', 'per_customer')),
	CONSTRAINT "accounting_settings_fiscal_start_ck" CHECK ("accounting_settings"."fiscal_year_start_month" BETWEEN 1 AND 12),
	CONSTRAINT "accounting_settings_account_length_ck" CHECK ("accounting_settings"."datev_account_length" BETWEEN 4 AND 8),
	CONSTRAINT "accounting_settings_customer_range_ck" CHECK ("accounting_settings"."customer_account_start" < "accounting_settings"."customer_account_end")
);
--> statement-breakpoint
CREATE TABLE "closed_months" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" text NOT NULL,
	"export_id" integer,
	"reopened_at" timestamp with time zone,
	"reopened_by" text,
	"reopen_reason" text,
	"needs_correction_export" boolean DEFAULT false NOT NULL,
	CONSTRAINT "closed_months_month_ck" CHECK ("closed_months"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "closed_months_reopen_ck" CHECK (("closed_months"."reopened_at" IS NULL) = ("closed_months"."reopened_by" IS NULL) AND ("closed_months"."reopened_at" IS NULL) = ("closed_months"."reopen_reason" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "accounting_exports" ADD CONSTRAINT "accounting_exports_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_months" ADD CONSTRAINT "closed_months_export_id_accounting_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."accounting_exports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_exports_period_idx" ON "accounting_exports" USING btree ("period_start","created_at");