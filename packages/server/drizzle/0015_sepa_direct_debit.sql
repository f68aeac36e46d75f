CREATE TABLE "bank_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"account_iban" text,
	"statement_ref" text NOT NULL,
	"booking_date" date,
	"value_date" date,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"bank_status" text NOT NULL,
	"bank_transaction_code" text,
	"counterparty_name" text,
	"counterparty_iban" text,
	"remittance" text DEFAULT '' NOT NULL,
	"reference" text,
	"end_to_end_id" text,
	"mandate_reference" text,
	"return_reason" text,
	"charges" numeric(12, 2),
	"kind" text NOT NULL,
	"match_state" text NOT NULL,
	"invoice_id" integer,
	"direct_debit_item_id" integer,
	"match_note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"digest_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_entries_direction_ck" CHECK ("bank_entries"."direction" IN ('CRDT','DBIT')),
	CONSTRAINT "bank_entries_kind_ck" CHECK ("bank_entries"."kind" IN ('credit','collection','return','debit','other')),
	CONSTRAINT "bank_entries_match_ck" CHECK ("bank_entries"."match_state" IN ('matched','suggested','unassigned','ignored'))
);
--> statement-breakpoint
CREATE TABLE "bank_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"message" text NOT NULL,
	"statement_count" integer NOT NULL,
	"entry_count" integer NOT NULL,
	"new_entry_count" integer NOT NULL,
	"blob_id" bigint NOT NULL,
	"imported_by" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_files_blob_id_unique" UNIQUE("blob_id")
);
--> statement-breakpoint
CREATE TABLE "direct_debit_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"mandate_id" integer,
	"customer_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"sequence_type" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"mandate_reference" text NOT NULL,
	"debtor_name" text NOT NULL,
	"debtor_iban" text NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"return_reason" text,
	"return_fee" numeric(12, 2),
	"settled_on" date,
	CONSTRAINT "direct_debit_items_sequence_ck" CHECK ("direct_debit_items"."sequence_type" IN ('FRST','RCUR')),
	CONSTRAINT "direct_debit_items_state_ck" CHECK ("direct_debit_items"."state" IN ('submitted','collected','returned','discarded')),
	CONSTRAINT "direct_debit_items_amount_ck" CHECK ("direct_debit_items"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "direct_debit_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"collection_date" date NOT NULL,
	"pain_version" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"item_count" integer NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"blob_id" bigint NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"discarded_at" timestamp with time zone,
	CONSTRAINT "direct_debit_runs_blob_id_unique" UNIQUE("blob_id"),
	CONSTRAINT "direct_debit_runs_status_ck" CHECK ("direct_debit_runs"."status" IN ('submitted','discarded'))
);
--> statement-breakpoint
CREATE TABLE "direct_debit_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"creditor_id" text DEFAULT '' NOT NULL,
	"collection_iban" text DEFAULT '' NOT NULL,
	"collection_bic" text DEFAULT '' NOT NULL,
	"pre_notification_days" integer DEFAULT 14 NOT NULL,
	"shorter_period_agreed" boolean DEFAULT false NOT NULL,
	"pain_version" text DEFAULT '001.08' NOT NULL,
	CONSTRAINT "direct_debit_settings_single_row_ck" CHECK (id = 1),
	CONSTRAINT "direct_debit_settings_days_ck" CHECK ("direct_debit_settings"."pre_notification_days" BETWEEN 1 AND 30 AND ("direct_debit_settings"."shorter_period_agreed" OR "direct_debit_settings"."pre_notification_days" >= 14)),
	CONSTRAINT "direct_debit_settings_version_ck" CHECK ("direct_debit_settings"."pain_version" IN ('001.08','001.02'))
);
--> statement-breakpoint
CREATE TABLE "invoice_collections" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"mandate_id" integer,
	"mandate_reference" text NOT NULL,
	"creditor_id" text NOT NULL,
	"debtor_iban" text NOT NULL,
	"announced_on" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"reference" text NOT NULL,
	"signed_on" date NOT NULL,
	"debtor_name" text NOT NULL,
	"debtor_iban" text NOT NULL,
	"debtor_bic" text,
	"scheme" text DEFAULT 'CORE' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"last_collection_on" date,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sepa_mandates_scheme_ck" CHECK ("sepa_mandates"."scheme" IN ('CORE','B2B')),
	CONSTRAINT "sepa_mandates_status_ck" CHECK ("sepa_mandates"."status" IN ('active','revoked','expired','closed')),
	CONSTRAINT "sepa_mandates_reference_ck" CHECK (length("sepa_mandates"."reference") BETWEEN 1 AND 35)
);
--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_file_id_bank_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."bank_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_direct_debit_item_id_direct_debit_items_id_fk" FOREIGN KEY ("direct_debit_item_id") REFERENCES "public"."direct_debit_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_files" ADD CONSTRAINT "bank_files_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_items" ADD CONSTRAINT "direct_debit_items_run_id_direct_debit_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."direct_debit_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_items" ADD CONSTRAINT "direct_debit_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_items" ADD CONSTRAINT "direct_debit_items_mandate_id_sepa_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sepa_mandates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_items" ADD CONSTRAINT "direct_debit_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_runs" ADD CONSTRAINT "direct_debit_runs_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_collections" ADD CONSTRAINT "invoice_collections_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_collections" ADD CONSTRAINT "invoice_collections_mandate_id_sepa_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sepa_mandates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_entries_fingerprint_uq" ON "bank_entries" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "bank_entries_state_date_idx" ON "bank_entries" USING btree ("match_state","booking_date","id");--> statement-breakpoint
CREATE INDEX "bank_entries_date_idx" ON "bank_entries" USING btree ("booking_date","id");--> statement-breakpoint
CREATE INDEX "bank_entries_file_idx" ON "bank_entries" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "bank_entries_invoice_idx" ON "bank_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "bank_entries_undigested_idx" ON "bank_entries" USING btree ("id") WHERE "bank_entries"."kind" = 'return' AND "bank_entries"."digest_sent_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_files_sha256_uq" ON "bank_files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "bank_files_imported_idx" ON "bank_files" USING btree ("imported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_debit_items_end_to_end_uq" ON "direct_debit_items" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_debit_items_invoice_open_uq" ON "direct_debit_items" USING btree ("invoice_id") WHERE "direct_debit_items"."state" IN ('submitted','collected');--> statement-breakpoint
CREATE INDEX "direct_debit_items_run_idx" ON "direct_debit_items" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "direct_debit_items_mandate_idx" ON "direct_debit_items" USING btree ("mandate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_debit_runs_message_uq" ON "direct_debit_runs" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "direct_debit_runs_created_idx" ON "direct_debit_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoice_collections_mandate_idx" ON "invoice_collections" USING btree ("mandate_id");--> statement-breakpoint
CREATE INDEX "invoice_collections_announced_idx" ON "invoice_collections" USING btree ("announced_on");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_reference_uq" ON "sepa_mandates" USING btree (upper("reference"));--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_active_customer_uq" ON "sepa_mandates" USING btree ("customer_id") WHERE "sepa_mandates"."status" = 'active';--> statement-breakpoint
CREATE INDEX "sepa_mandates_customer_idx" ON "sepa_mandates" USING btree ("customer_id");--> statement-breakpoint
-- A run's pain.008 and an imported bank file go with their row (architecture.md, blob store).
CREATE TRIGGER direct_debit_runs_blob_owner AFTER DELETE OR UPDATE OF blob_id ON direct_debit_runs
  FOR EACH ROW EXECUTE FUNCTION delete_owned_blob('blob_id');
--> statement-breakpoint
CREATE TRIGGER bank_files_blob_owner AFTER DELETE OR UPDATE OF blob_id ON bank_files
  FOR EACH ROW EXECUTE FUNCTION delete_owned_blob('blob_id');
