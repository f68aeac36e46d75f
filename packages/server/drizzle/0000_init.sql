CREATE TABLE "admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"changes" jsonb
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"street" text,
	"postal_code" text,
	"city" text,
	"uid" text,
	"birthdate" date DEFAULT '1970-01-01' NOT NULL,
	"password_hash" text NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"private_notes" text,
	"company_info" text,
	"special_notes" text,
	"notes" text,
	"marital_status" text,
	"partner_name" text,
	"partner_gender" text,
	"partner_birthdate" date,
	"children" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_not_self_referred" CHECK ("customers"."referred_by_id" IS NULL OR "customers"."referred_by_id" <> "customers"."id"),
	CONSTRAINT "customers_marital_status_ck" CHECK ("customers"."marital_status" IS NULL OR "customers"."marital_status" IN ('verheiratet','geschieden','ledig')),
	CONSTRAINT "customers_partner_gender_ck" CHECK ("customers"."partner_gender" IS NULL OR "customers"."partner_gender" IN ('männlich','weiblich'))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"attempt_key" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"user_type" text NOT NULL,
	"admin_id" integer,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_user_type_ck" CHECK ("sessions"."user_type" IN ('admin','customer')),
	CONSTRAINT "sessions_owner_ck" CHECK (("sessions"."user_type" = 'admin' AND "sessions"."admin_id" IS NOT NULL AND "sessions"."customer_id" IS NULL) OR ("sessions"."user_type" = 'customer' AND "sessions"."customer_id" IS NOT NULL AND "sessions"."admin_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"tax_rate" integer NOT NULL,
	"line_net" numeric(12, 2) NOT NULL,
	CONSTRAINT "invoice_items_tax_rate_ck" CHECK ("invoice_items"."tax_rate" IN (0, 10, 20))
);
--> statement-breakpoint
CREATE TABLE "invoice_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"level" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "invoice_reminders_level_ck" CHECK ("invoice_reminders"."level" BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"invoice_number" text,
	"number_year" integer,
	"number_sequence" integer,
	"customer_id" integer,
	"customer_name" text NOT NULL,
	"customer_address" text DEFAULT '' NOT NULL,
	"customer_email" text,
	"customer_uid" text,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"service_period_start" date,
	"service_period_end" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"total_net" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_gross" numeric(12, 2) DEFAULT '0' NOT NULL,
	"notes" text,
	"credit_note_for_id" integer,
	"subscription_id" integer,
	"billing_month" text,
	"hour_package_id" integer,
	"reminder_level" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" date,
	"paid_amount" numeric(12, 2),
	"cancelled_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_ck" CHECK ("invoices"."kind" IN ('invoice','credit_note')),
	CONSTRAINT "invoices_status_ck" CHECK ("invoices"."status" IN ('draft','sent','paid','cancelled')),
	CONSTRAINT "invoices_due_ck" CHECK ("invoices"."due_date" >= "invoices"."invoice_date"),
	CONSTRAINT "invoices_reminder_ck" CHECK ("invoices"."reminder_level" BETWEEN 0 AND 3),
	CONSTRAINT "invoices_number_when_issued_ck" CHECK (("invoices"."status" = 'draft') = ("invoices"."invoice_number" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"unit" text DEFAULT 'Stk.' NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"tax_rate" integer DEFAULT 20 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_tax_rate_ck" CHECK ("products"."tax_rate" IN (0, 10, 20))
);
--> statement-breakpoint
CREATE TABLE "hour_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"hours" numeric(8, 2) NOT NULL,
	"price_per_hour" numeric(12, 2) NOT NULL,
	"discount_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	"purchase_date" date NOT NULL,
	"is_referral_discount" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_packages_hours_ck" CHECK ("hour_packages"."hours" > 0 AND mod("hour_packages"."hours" * 2, 1) = 0),
	CONSTRAINT "hour_packages_price_ck" CHECK ("hour_packages"."price_per_hour" >= 0 AND "hour_packages"."total_price" >= 0),
	CONSTRAINT "hour_packages_discount_ck" CHECK ("hour_packages"."discount_percentage" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_id_customer_uq" UNIQUE("id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"duration_months" integer NOT NULL,
	"price_per_hour" numeric(12, 2) NOT NULL,
	"monthly_trips" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_duration_ck" CHECK ("subscription_templates"."duration_months" BETWEEN 1 AND 120),
	CONSTRAINT "templates_price_ck" CHECK ("subscription_templates"."price_per_hour" >= 0),
	CONSTRAINT "templates_trips_ck" CHECK ("subscription_templates"."monthly_trips" IS NULL OR "subscription_templates"."monthly_trips" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"template_id" integer,
	"template_name" text,
	"duration_months" integer NOT NULL,
	"monthly_hours" numeric(8, 2) NOT NULL,
	"monthly_price" numeric(12, 2) NOT NULL,
	"original_monthly_price" numeric(12, 2) NOT NULL,
	"has_referral_discount" boolean DEFAULT false NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"monthly_trips" integer,
	"agreements" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_duration_ck" CHECK ("subscriptions"."duration_months" BETWEEN 1 AND 120),
	CONSTRAINT "subscriptions_hours_ck" CHECK ("subscriptions"."monthly_hours" > 0 AND mod("subscriptions"."monthly_hours" * 2, 1) = 0),
	CONSTRAINT "subscriptions_term_ck" CHECK ("subscriptions"."end_date" >= "subscriptions"."start_date"),
	CONSTRAINT "subscriptions_price_ck" CHECK ("subscriptions"."monthly_price" >= 0 AND "subscriptions"."original_monthly_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"hours" numeric(8, 2) NOT NULL,
	"activity_description" text NOT NULL,
	"work_date" date NOT NULL,
	"created_by" text NOT NULL,
	"is_billable" boolean DEFAULT true NOT NULL,
	"billing_type" text NOT NULL,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_billing_type_ck" CHECK ("time_entries"."billing_type" IN ('abos','stundenpakete')),
	CONSTRAINT "time_entries_hours_ck" CHECK ("time_entries"."hours" <> 0 AND mod("time_entries"."hours" * 4, 1) = 0)
);
--> statement-breakpoint
CREATE TABLE "dashboard_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"monthly_target_hours" numeric(8, 2) DEFAULT '100' NOT NULL,
	"color_threshold_red_max" numeric(8, 2) DEFAULT '30' NOT NULL,
	"color_threshold_yellow_max" numeric(8, 2) DEFAULT '70' NOT NULL,
	"sellable_hours_per_month" numeric(8, 2) DEFAULT '120' NOT NULL,
	"workload_threshold_green_max" numeric(8, 2) DEFAULT '80' NOT NULL,
	"workload_threshold_yellow_max" numeric(8, 2) DEFAULT '100' NOT NULL,
	CONSTRAINT "dashboard_settings_single_row_ck" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "provider_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name" text DEFAULT 'Mein BUTLER' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'AT' NOT NULL,
	"uid" text DEFAULT '' NOT NULL,
	"company_register" text DEFAULT '' NOT NULL,
	"company_court" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"whatsapp_number" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"bic" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 14 NOT NULL,
	"invoice_number_format" text DEFAULT '{YYYY}-{NNNN}' NOT NULL,
	"small_business" boolean DEFAULT false NOT NULL,
	"invoice_footer" text DEFAULT '' NOT NULL,
	"invoice_email_subject" text DEFAULT 'Ihre Rechnung {nummer}' NOT NULL,
	"invoice_email_body" text DEFAULT '' NOT NULL,
	"logo_file" text,
	CONSTRAINT "provider_settings_single_row_ck" CHECK (id = 1),
	CONSTRAINT "provider_settings_terms_ck" CHECK ("provider_settings"."payment_terms_days" BETWEEN 0 AND 365)
);
--> statement-breakpoint
CREATE TABLE "referral_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"default_discount_percentage" numeric(5, 2) DEFAULT '3' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"r_threshold_1" numeric(8, 2) DEFAULT '0.5' NOT NULL,
	"r_threshold_2" numeric(8, 2) DEFAULT '1' NOT NULL,
	"r_threshold_3" numeric(8, 2) DEFAULT '2' NOT NULL,
	"r_threshold_4" numeric(8, 2) DEFAULT '3' NOT NULL,
	"cap_percentage_1" numeric(5, 2) DEFAULT '25' NOT NULL,
	"cap_percentage_2" numeric(5, 2) DEFAULT '50' NOT NULL,
	"cap_percentage_3" numeric(5, 2) DEFAULT '80' NOT NULL,
	"cap_percentage_4" numeric(5, 2) DEFAULT '90' NOT NULL,
	"cap_percentage_5" numeric(5, 2) DEFAULT '100' NOT NULL,
	CONSTRAINT "referral_settings_single_row_ck" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "wiki_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"description" text,
	"allows_encryption" boolean DEFAULT false NOT NULL,
	"allows_files" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wiki_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"username" text,
	"encrypted_content" text,
	"encrypted_username" text,
	"is_password_entry" boolean DEFAULT false NOT NULL,
	"external_link" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"project_id" integer,
	"created_by" text NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wiki_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"original_filename" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wiki_files_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_referred_by_id_customers_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_for_id_invoices_id_fk" FOREIGN KEY ("credit_note_for_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_hour_package_id_hour_packages_id_fk" FOREIGN KEY ("hour_package_id") REFERENCES "public"."hour_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_packages" ADD CONSTRAINT "hour_packages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_template_id_subscription_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."subscription_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_project_fk" FOREIGN KEY ("project_id","customer_id") REFERENCES "public"."projects"("id","customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_entries" ADD CONSTRAINT "wiki_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_entries" ADD CONSTRAINT "wiki_entries_category_id_wiki_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."wiki_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_entries" ADD CONSTRAINT "wiki_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_files" ADD CONSTRAINT "wiki_files_entry_id_wiki_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."wiki_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_lower_uq" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_referral_code_uq" ON "customers" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "customers_referred_by_idx" ON "customers" USING btree ("referred_by_id");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "login_attempts_key_at_idx" ON "login_attempts" USING btree ("attempt_key","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_admin_idx" ON "sessions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "sessions_customer_idx" ON "sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_level_uq" ON "invoice_reminders" USING btree ("invoice_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_uq" ON "invoices" USING btree ("number_year","number_sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_subscription_month_uq" ON "invoices" USING btree ("subscription_id","billing_month") WHERE "invoices"."kind" = 'invoice' AND "invoices"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("invoice_date");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "hour_packages_customer_date_idx" ON "hour_packages" USING btree ("customer_id","purchase_date");--> statement-breakpoint
CREATE INDEX "hour_packages_purchase_date_idx" ON "hour_packages" USING btree ("purchase_date");--> statement-breakpoint
CREATE INDEX "projects_customer_idx" ON "projects" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_term_idx" ON "subscriptions" USING btree ("customer_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "subscriptions_end_date_idx" ON "subscriptions" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "time_entries_customer_type_date_idx" ON "time_entries" USING btree ("customer_id","billing_type","work_date");--> statement-breakpoint
CREATE INDEX "time_entries_type_date_idx" ON "time_entries" USING btree ("billing_type","work_date");--> statement-breakpoint
CREATE INDEX "time_entries_project_idx" ON "time_entries" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "time_entries_uninvoiced_idx" ON "time_entries" USING btree ("customer_id") WHERE "time_entries"."is_billable" AND "time_entries"."invoice_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wiki_categories_name_uq" ON "wiki_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "wiki_entries_customer_category_idx" ON "wiki_entries" USING btree ("customer_id","category_id");--> statement-breakpoint
CREATE INDEX "wiki_entries_category_idx" ON "wiki_entries" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "wiki_entries_updated_idx" ON "wiki_entries" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "wiki_entries_featured_idx" ON "wiki_entries" USING btree ("id") WHERE "wiki_entries"."is_featured";--> statement-breakpoint
CREATE INDEX "wiki_files_entry_idx" ON "wiki_files" USING btree ("entry_id");