-- A SEPA mandate outlives its customer (§ 132 BAO, decision 0821): the proof of the collections made with it.
ALTER TABLE "sepa_mandates" DROP CONSTRAINT "sepa_mandates_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "sepa_mandates" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;