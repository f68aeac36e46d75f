CREATE TABLE "visit_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"rule" text NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_staff" (
	"visit_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	CONSTRAINT "visit_staff_visit_id_admin_id_pk" PRIMARY KEY("visit_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"series_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"place" text,
	"purpose" text NOT NULL,
	"order_id" integer,
	"cancel_reason" text,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_kind_ck" CHECK ("visits"."kind" IN ('trip','remote','office')),
	CONSTRAINT "visits_state_ck" CHECK ("visits"."state" IN ('planned','confirmed','moved','done','cancelled')),
	CONSTRAINT "visits_times_ck" CHECK ("visits"."ends_at" > "visits"."starts_at"),
	CONSTRAINT "visits_cancel_reason_ck" CHECK ("visits"."state" <> 'cancelled' OR "visits"."cancel_reason" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "visit_series" ADD CONSTRAINT "visit_series_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_series" ADD CONSTRAINT "visit_series_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_staff" ADD CONSTRAINT "visit_staff_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_staff" ADD CONSTRAINT "visit_staff_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_series_id_visit_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."visit_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_staff_admin_idx" ON "visit_staff" USING btree ("admin_id","visit_id");--> statement-breakpoint
CREATE INDEX "visits_starts_idx" ON "visits" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "visits_customer_starts_idx" ON "visits" USING btree ("customer_id","starts_at");--> statement-breakpoint
CREATE INDEX "visits_series_idx" ON "visits" USING btree ("series_id","starts_at");--> statement-breakpoint
CREATE INDEX "visits_trips_idx" ON "visits" USING btree ("customer_id","starts_at") WHERE "visits"."kind" = 'trip' AND "visits"."state" = 'done';