ALTER TABLE "bank_entries" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "direct_debit_items" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_collections" ADD COLUMN "scheme" text DEFAULT 'CORE' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_items" ADD CONSTRAINT "direct_debit_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_payment_id_unique" UNIQUE("payment_id");--> statement-breakpoint
ALTER TABLE "direct_debit_items" ADD CONSTRAINT "direct_debit_items_payment_id_unique" UNIQUE("payment_id");