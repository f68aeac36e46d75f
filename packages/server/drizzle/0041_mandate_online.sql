CREATE TABLE "sepa_mandate_signatures" (
	"mandate_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"idempotency_key" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_address" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"signer_name" text NOT NULL,
	"signer_login" text NOT NULL,
	"mandate_text" text NOT NULL,
	"text_sha256" text NOT NULL,
	"replaced_reference" text,
	"pdf_blob_id" bigint NOT NULL,
	CONSTRAINT "sepa_mandate_signatures_pdf_blob_id_unique" UNIQUE("pdf_blob_id"),
	CONSTRAINT "sepa_mandate_signatures_key_ck" CHECK (length("sepa_mandate_signatures"."idempotency_key") BETWEEN 8 AND 100),
	CONSTRAINT "sepa_mandate_signatures_text_ck" CHECK (length("sepa_mandate_signatures"."mandate_text") BETWEEN 1 AND 5000)
);
--> statement-breakpoint
ALTER TABLE "sepa_mandate_signatures" ADD CONSTRAINT "sepa_mandate_signatures_mandate_id_sepa_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sepa_mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandate_signatures" ADD CONSTRAINT "sepa_mandate_signatures_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandate_signatures" ADD CONSTRAINT "sepa_mandate_signatures_pdf_blob_id_blobs_id_fk" FOREIGN KEY ("pdf_blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandate_signatures_key_uq" ON "sepa_mandate_signatures" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sepa_mandate_signatures_customer_idx" ON "sepa_mandate_signatures" USING btree ("customer_id","signed_at");--> statement-breakpoint
CREATE TRIGGER sepa_mandate_signatures_delete_blob AFTER DELETE OR UPDATE OF pdf_blob_id ON sepa_mandate_signatures
  FOR EACH ROW EXECUTE FUNCTION delete_owned_blob('pdf_blob_id');
