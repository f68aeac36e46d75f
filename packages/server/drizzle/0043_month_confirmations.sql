CREATE TABLE "month_confirmation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'off' NOT NULL,
	"auto_confirm_days" integer DEFAULT 14 NOT NULL,
	"starts_month" date NOT NULL,
	"enabled_on" date NOT NULL,
	CONSTRAINT "month_confirmation_settings_single_row_ck" CHECK ("month_confirmation_settings"."id" = 1),
	CONSTRAINT "month_confirmation_settings_mode_ck" CHECK ("month_confirmation_settings"."mode" IN ('off','optional','required')),
	CONSTRAINT "month_confirmation_settings_days_ck" CHECK ("month_confirmation_settings"."auto_confirm_days" BETWEEN 3 AND 60),
	CONSTRAINT "month_confirmation_settings_month_ck" CHECK (extract(day from "month_confirmation_settings"."starts_month") = 1)
);
--> statement-breakpoint
CREATE TABLE "month_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"month" date NOT NULL,
	"confirmed_by" text NOT NULL,
	"entries_count" integer NOT NULL,
	"hours_total" numeric(8, 2) NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "month_confirmations_by_ck" CHECK ("month_confirmations"."confirmed_by" IN ('customer','auto')),
	CONSTRAINT "month_confirmations_month_ck" CHECK (extract(day from "month_confirmations"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "month_question_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"author_kind" text NOT NULL,
	"author_admin_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "month_question_messages_author_ck" CHECK ("month_question_messages"."author_kind" IN ('customer','staff','system'))
);
--> statement-breakpoint
CREATE TABLE "month_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"month" date NOT NULL,
	"time_entry_id" integer,
	"state" text DEFAULT 'open' NOT NULL,
	"asked_work_date" date NOT NULL,
	"asked_hours" numeric(8, 2) NOT NULL,
	"asked_activity" text NOT NULL,
	"asked_project" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "month_questions_state_ck" CHECK ("month_questions"."state" IN ('open','answered','corrected','resolved')),
	CONSTRAINT "month_questions_resolved_ck" CHECK (("month_questions"."state" = 'resolved') = ("month_questions"."resolved_at" IS NOT NULL)),
	CONSTRAINT "month_questions_month_ck" CHECK (extract(day from "month_questions"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "month_confirmations" ADD CONSTRAINT "month_confirmations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_question_messages" ADD CONSTRAINT "month_question_messages_question_id_month_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."month_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_question_messages" ADD CONSTRAINT "month_question_messages_author_admin_id_admins_id_fk" FOREIGN KEY ("author_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_questions" ADD CONSTRAINT "month_questions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_questions" ADD CONSTRAINT "month_questions_time_entry_id_time_entries_id_fk" FOREIGN KEY ("time_entry_id") REFERENCES "public"."time_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "month_confirmations_customer_month_uq" ON "month_confirmations" USING btree ("customer_id","month");--> statement-breakpoint
CREATE INDEX "month_question_messages_question_idx" ON "month_question_messages" USING btree ("question_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "month_questions_entry_active_uq" ON "month_questions" USING btree ("time_entry_id") WHERE "month_questions"."state" <> 'resolved' AND "month_questions"."time_entry_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "month_questions_customer_month_idx" ON "month_questions" USING btree ("customer_id","month","id");--> statement-breakpoint
CREATE INDEX "month_questions_open_idx" ON "month_questions" USING btree ("created_at","id") WHERE "month_questions"."state" = 'open';