CREATE TABLE "statement_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"month" date NOT NULL,
	"version" integer NOT NULL,
	"issued_on" date NOT NULL,
	"blob_id" bigint NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changes" jsonb,
	"data_version" bigint NOT NULL,
	"delivery" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_documents_blob_id_unique" UNIQUE("blob_id")
);
--> statement-breakpoint
ALTER TABLE "statement_documents" ADD CONSTRAINT "statement_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_documents" ADD CONSTRAINT "statement_documents_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_documents_version_uq" ON "statement_documents" USING btree ("customer_id","month","version");