ALTER TABLE "invoice_items" DROP CONSTRAINT "invoice_items_tax_rate_ck";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_tax_rate_ck";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "country" text DEFAULT 'AT' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "is_business" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "tax_exemption" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_country" text DEFAULT 'AT' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_is_business" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_settings" ADD COLUMN "tax_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_country_ck" CHECK ("customers"."country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_exemption_ck" CHECK ("invoice_items"."tax_exemption" IS NULL OR "invoice_items"."tax_rate" = 0);--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_tax_rate_ck" CHECK ("invoice_items"."tax_rate" IN (0, 10, 13, 20));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_rate_ck" CHECK ("products"."tax_rate" IN (0, 10, 13, 20));--> statement-breakpoint
-- Backfill (hand-written): customers with a company or a UID buy as businesses.
UPDATE "customers" SET "is_business" = true
  WHERE coalesce(trim("company"), '') <> '' OR coalesce(trim("uid"), '') <> '';--> statement-breakpoint
-- Kleinunternehmer invoices: every line is exempt as a small business.
UPDATE "invoice_items" SET "tax_exemption" = 'small_business'
  WHERE "tax_rate" = 0 AND "invoice_id" IN (SELECT "id" FROM "invoices" WHERE "small_business");--> statement-breakpoint
-- Invoices to a customer with a UID went to a business.
UPDATE "invoices" SET "customer_is_business" = true WHERE coalesce(trim("customer_uid"), '') <> '';--> statement-breakpoint
-- The old snapshot was "[z. H. name\n]street\nPLZ Ort": split it into the structured fields
-- the way the old XML builder did (last line "PLZ Ort", the lines before it the street).
UPDATE "invoices" AS i SET
  "customer_street" = CASE
    WHEN a.last ~ '^\d{4,5}\s' OR a.count > 1 THEN a.head ELSE coalesce(a.last, '') END,
  "customer_postal_code" = coalesce(substring(a.last FROM '^(\d{4,5})\s'), ''),
  "customer_city" = coalesce(substring(a.last FROM '^\d{4,5}\s+(.+)$'), CASE WHEN a.count > 1 THEN a.last ELSE '' END)
FROM (
  SELECT id, lines[cardinality(lines)] AS last, cardinality(lines) AS count,
    array_to_string(lines[1:cardinality(lines) - 1], ', ') AS head
  FROM (
    SELECT id, array(
      SELECT trim(l) FROM unnest(string_to_array("customer_address", E'\n')) WITH ORDINALITY AS t(l, n)
      WHERE trim(l) <> '' AND trim(l) NOT LIKE 'z. H.%' ORDER BY n
    ) AS lines
    FROM "invoices" WHERE "customer_address" <> ''
  ) AS split
) AS a
WHERE a.id = i.id;
