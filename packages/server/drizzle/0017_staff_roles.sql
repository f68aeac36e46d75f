CREATE TABLE "customer_staff" (
	"customer_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_staff_customer_id_admin_id_pk" PRIMARY KEY("customer_id","admin_id")
);
--> statement-breakpoint
-- Every staff account from before roles becomes an Inhaber (decision 0540); new accounts name their role.
ALTER TABLE "admins" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "grants" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "created_by_admin_id" integer;--> statement-breakpoint
ALTER TABLE "security_settings" ADD COLUMN "butler_time_entry_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "wiki_categories" ADD COLUMN "butler_may_reveal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_staff" ADD CONSTRAINT "customer_staff_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_staff" ADD CONSTRAINT "customer_staff_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_staff_admin_idx" ON "customer_staff" USING btree ("admin_id","customer_id");--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_role_ck" CHECK ("admins"."role" IN ('owner','office','accounting','butler'));--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_grants_ck" CHECK ("admins"."grants" <@ ARRAY['wiki.secret.reveal']::text[]);--> statement-breakpoint
ALTER TABLE "security_settings" ADD CONSTRAINT "security_settings_butler_days_ck" CHECK ("security_settings"."butler_time_entry_days" BETWEEN 0 AND 365);--> statement-breakpoint
-- Entries booked before the column existed: their booker by username (staff usernames are unique).
UPDATE "time_entries" t SET "created_by_admin_id" = a."id" FROM "admins" a WHERE t."created_by" = a."username";