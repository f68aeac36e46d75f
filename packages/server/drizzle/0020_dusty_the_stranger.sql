CREATE TABLE "staff_timers" (
	"admin_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"project_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_at_midnight" boolean DEFAULT false NOT NULL,
	CONSTRAINT "staff_timers_order_ck" CHECK ("staff_timers"."stopped_at" IS NULL OR "staff_timers"."stopped_at" >= "staff_timers"."started_at")
);
--> statement-breakpoint
ALTER TABLE "staff_timers" ADD CONSTRAINT "staff_timers_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_timers" ADD CONSTRAINT "staff_timers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_timers" ADD CONSTRAINT "staff_timers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_timers_customer_idx" ON "staff_timers" USING btree ("customer_id");