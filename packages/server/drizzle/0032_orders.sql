CREATE TABLE "order_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"message_id" integer,
	"blob_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_attachments_blob_id_unique" UNIQUE("blob_id")
);
--> statement-breakpoint
CREATE TABLE "order_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"author_kind" text NOT NULL,
	"author_admin_id" integer,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_messages_author_ck" CHECK ("order_messages"."author_kind" IN ('customer','staff','system')),
	CONSTRAINT "order_messages_internal_ck" CHECK (NOT "order_messages"."internal" OR "order_messages"."author_kind" <> 'customer')
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"title" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"due_date" date,
	"location" text,
	"urgent" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"channel" text DEFAULT 'lounge' NOT NULL,
	"assignee_admin_id" integer,
	"created_by_admin_id" integer,
	"estimate_hours" numeric(8, 2),
	"planned_date" date,
	"approval_state" text,
	"approval_estimate_hours" numeric(8, 2),
	"approval_available_hours" numeric(8, 2),
	"approval_answered_at" timestamp with time zone,
	"override_reason" text,
	"override_by_admin_id" integer,
	"idempotency_key" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_customer_idempotency_uq" UNIQUE("customer_id","idempotency_key"),
	CONSTRAINT "orders_state_ck" CHECK ("orders"."state" IN ('new','accepted','planned','in_progress','waiting_customer','done','declined','withdrawn')),
	CONSTRAINT "orders_channel_ck" CHECK ("orders"."channel" IN ('lounge','phone','whatsapp','email')),
	CONSTRAINT "orders_approval_state_ck" CHECK ("orders"."approval_state" IS NULL OR "orders"."approval_state" IN ('requested','approved','declined','more_hours')),
	CONSTRAINT "orders_estimate_ck" CHECK ("orders"."estimate_hours" IS NULL OR ("orders"."estimate_hours" > 0 AND mod("orders"."estimate_hours" * 4, 1) = 0))
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "staff_timers" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_message_id_order_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."order_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_author_admin_id_admins_id_fk" FOREIGN KEY ("author_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_assignee_admin_id_admins_id_fk" FOREIGN KEY ("assignee_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_override_by_admin_id_admins_id_fk" FOREIGN KEY ("override_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_attachments_order_idx" ON "order_attachments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_state_updated_idx" ON "orders" USING btree ("state","updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_assignee_state_idx" ON "orders" USING btree ("assignee_admin_id","state");--> statement-breakpoint
CREATE INDEX "orders_due_open_idx" ON "orders" USING btree ("due_date") WHERE "orders"."state" NOT IN ('done','declined','withdrawn');--> statement-breakpoint
CREATE INDEX "orders_title_fts_idx" ON "orders" USING gin (to_tsvector('simple', "title"));--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_timers" ADD CONSTRAINT "staff_timers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_entries_order_idx" ON "time_entries" USING btree ("order_id") WHERE "time_entries"."order_id" IS NOT NULL;--> statement-breakpoint
-- An attachment's bytes go with its row, also through the cascade of a customer's erasure (decision 0810, as wiki files: 0007).
CREATE TRIGGER order_attachments_delete_blob AFTER DELETE OR UPDATE OF blob_id ON order_attachments
  FOR EACH ROW EXECUTE FUNCTION delete_owned_blob('blob_id');
