CREATE TABLE "bank_file_skips" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"line" integer NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "bank_file_skips_reason_ck" CHECK ("bank_file_skips"."reason" IN ('reference','facts'))
);
--> statement-breakpoint
ALTER TABLE "bank_entries" ADD COLUMN "bank_reference" text;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD COLUMN "booking_problem" text;--> statement-breakpoint
ALTER TABLE "bank_files" ADD COLUMN "skipped_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_files" ADD COLUMN "warnings" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_debit_runs" ADD COLUMN "downloaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "direct_debit_runs" ADD COLUMN "downloaded_by" text;--> statement-breakpoint
ALTER TABLE "direct_debit_runs" ADD COLUMN "at_bank_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "direct_debit_runs" ADD COLUMN "at_bank_by" text;--> statement-breakpoint
ALTER TABLE "bank_file_skips" ADD CONSTRAINT "bank_file_skips_file_id_bank_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."bank_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_file_skips" ADD CONSTRAINT "bank_file_skips_entry_id_bank_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."bank_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_file_skips_file_idx" ON "bank_file_skips" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "bank_file_skips_entry_idx" ON "bank_file_skips" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "bank_entries_identity_idx" ON "bank_entries" USING btree ("booking_date","amount","direction");