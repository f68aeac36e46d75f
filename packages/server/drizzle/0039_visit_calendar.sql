CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"admin_id" integer,
	"customer_id" integer,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_scope_ck" CHECK ("calendar_feeds"."scope" IN ('own','team','customer')),
	CONSTRAINT "calendar_feeds_owner_ck" CHECK (("calendar_feeds"."scope" = 'customer' AND "calendar_feeds"."customer_id" IS NOT NULL AND "calendar_feeds"."admin_id" IS NULL) OR ("calendar_feeds"."scope" <> 'customer' AND "calendar_feeds"."admin_id" IS NOT NULL AND "calendar_feeds"."customer_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "trip_charges" (
	"visit_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"month" text NOT NULL,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_note" text,
	CONSTRAINT "visit_requests_kind_ck" CHECK ("visit_requests"."kind" IN ('move','cancel'))
);
--> statement-breakpoint
CREATE TABLE "visit_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"request_hours" integer DEFAULT 24 NOT NULL,
	"trip_overrun" text DEFAULT 'warn' NOT NULL,
	"trips_carry_over" boolean DEFAULT false NOT NULL,
	"trip_product_id" integer,
	CONSTRAINT "visit_settings_single_row_ck" CHECK ("visit_settings"."id" = 1),
	CONSTRAINT "visit_settings_hours_ck" CHECK ("visit_settings"."request_hours" BETWEEN 0 AND 336),
	CONSTRAINT "visit_settings_overrun_ck" CHECK ("visit_settings"."trip_overrun" IN ('refuse','warn','bill'))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_charges" ADD CONSTRAINT "trip_charges_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_charges" ADD CONSTRAINT "trip_charges_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_charges" ADD CONSTRAINT "trip_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_settings" ADD CONSTRAINT "visit_settings_trip_product_id_products_id_fk" FOREIGN KEY ("trip_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_uq" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_live_admin_uq" ON "calendar_feeds" USING btree ("admin_id","scope") WHERE "calendar_feeds"."revoked_at" IS NULL AND "calendar_feeds"."admin_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_live_customer_uq" ON "calendar_feeds" USING btree ("customer_id") WHERE "calendar_feeds"."revoked_at" IS NULL AND "calendar_feeds"."customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "trip_charges_open_idx" ON "trip_charges" USING btree ("customer_id") WHERE "trip_charges"."invoice_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_requests_open_uq" ON "visit_requests" USING btree ("visit_id") WHERE "visit_requests"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "visit_requests_open_idx" ON "visit_requests" USING btree ("created_at") WHERE "visit_requests"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "visits_purpose_fts_idx" ON "visits" USING gin (to_tsvector('simple', "purpose"));