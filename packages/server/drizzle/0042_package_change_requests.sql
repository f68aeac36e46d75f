CREATE TABLE "subscription_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"template_id" integer,
	"template_name" text,
	"monthly_hours" numeric(8, 2) NOT NULL,
	"monthly_price" numeric(12, 2) NOT NULL,
	"effective_from" date NOT NULL,
	"end_date" date NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"answer_note" text,
	"result_subscription_id" integer,
	CONSTRAINT "subscription_requests_idempotency_uq" UNIQUE("customer_id","idempotency_key"),
	CONSTRAINT "subscription_requests_kind_ck" CHECK ("subscription_requests"."kind" IN ('change','renew')),
	CONSTRAINT "subscription_requests_state_ck" CHECK ("subscription_requests"."state" IN ('open','accepted','declined','withdrawn')),
	CONSTRAINT "subscription_requests_answer_ck" CHECK (("subscription_requests"."state" = 'open') = ("subscription_requests"."answered_at" IS NULL)),
	CONSTRAINT "subscription_requests_hours_ck" CHECK ("subscription_requests"."monthly_hours" > 0 AND mod("subscription_requests"."monthly_hours" * 2, 1) = 0 AND "subscription_requests"."monthly_price" >= 0),
	CONSTRAINT "subscription_requests_term_ck" CHECK ("subscription_requests"."end_date" >= "subscription_requests"."effective_from"),
	CONSTRAINT "subscription_requests_message_ck" CHECK (length("subscription_requests"."message") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "subscription_templates" ADD COLUMN "offered_in_lounge" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_requests" ADD CONSTRAINT "subscription_requests_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_requests" ADD CONSTRAINT "subscription_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_requests" ADD CONSTRAINT "subscription_requests_template_id_subscription_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."subscription_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_requests" ADD CONSTRAINT "subscription_requests_result_subscription_id_subscriptions_id_fk" FOREIGN KEY ("result_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_requests_open_uq" ON "subscription_requests" USING btree ("customer_id") WHERE "subscription_requests"."state" = 'open';--> statement-breakpoint
CREATE INDEX "subscription_requests_open_idx" ON "subscription_requests" USING btree ("created_at") WHERE "subscription_requests"."state" = 'open';--> statement-breakpoint
CREATE INDEX "subscription_requests_customer_idx" ON "subscription_requests" USING btree ("customer_id","created_at");