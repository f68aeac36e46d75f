CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"subscription_invoice_mode" text DEFAULT 'draft' NOT NULL,
	"automatic_reminders" boolean DEFAULT false NOT NULL,
	"default_interest" boolean DEFAULT false NOT NULL,
	"base_rate" numeric(6, 3) DEFAULT '1.530' NOT NULL,
	"base_rate_since" date DEFAULT '2026-01-01' NOT NULL,
	"renewal_notice_days" integer DEFAULT 30 NOT NULL,
	CONSTRAINT "billing_settings_single_row_ck" CHECK (id = 1),
	CONSTRAINT "billing_settings_mode_ck" CHECK ("billing_settings"."subscription_invoice_mode" IN ('draft','send')),
	CONSTRAINT "billing_settings_rate_ck" CHECK ("billing_settings"."base_rate" BETWEEN -10 AND 30),
	CONSTRAINT "billing_settings_notice_ck" CHECK ("billing_settings"."renewal_notice_days" BETWEEN 1 AND 180)
);
--> statement-breakpoint
CREATE TABLE "dunning_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer,
	"customer_id" integer,
	"reason" text NOT NULL,
	"until" date NOT NULL,
	"lifted_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dunning_blocks_target_ck" CHECK (("dunning_blocks"."invoice_id" IS NULL) <> ("dunning_blocks"."customer_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"customer_id" integer,
	"invoice_id" integer,
	"reverses_id" integer,
	"payment_date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"reference" text,
	"note" text,
	"reason" text,
	"fee" numeric(12, 2),
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind_ck" CHECK ("payments"."kind" IN ('payment','credit_applied','refund','reversal')),
	CONSTRAINT "payments_amount_ck" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_fee_ck" CHECK ("payments"."fee" IS NULL OR "payments"."fee" >= 0),
	CONSTRAINT "payments_method_ck" CHECK ("payments"."method" IS NULL OR "payments"."method" IN ('ueberweisung','lastschrift','bar','karte','sonstige')),
	CONSTRAINT "payments_source_ck" CHECK ("payments"."source" IN ('manual','bank_import','direct_debit','system')),
	CONSTRAINT "payments_shape_ck" CHECK (CASE "payments"."kind"
        WHEN 'payment' THEN "payments"."invoice_id" IS NOT NULL AND "payments"."reverses_id" IS NULL AND "payments"."method" IS NOT NULL
        WHEN 'credit_applied' THEN "payments"."invoice_id" IS NOT NULL AND "payments"."reverses_id" IS NULL
        WHEN 'refund' THEN "payments"."invoice_id" IS NULL AND "payments"."reverses_id" IS NULL AND "payments"."method" IS NOT NULL
        ELSE "payments"."reverses_id" IS NOT NULL END)
);
--> statement-breakpoint
CREATE TABLE "reminder_levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "reminder_levels_level_ck" CHECK ("reminder_levels"."level" BETWEEN 1 AND 3),
	CONSTRAINT "reminder_levels_days_ck" CHECK ("reminder_levels"."days" BETWEEN 1 AND 365),
	CONSTRAINT "reminder_levels_fee_ck" CHECK ("reminder_levels"."fee" >= 0 AND "reminder_levels"."fee" <= 1000)
);
--> statement-breakpoint
CREATE TABLE "subscription_billing_months" (
	"subscription_id" integer NOT NULL,
	"month" text NOT NULL,
	"state" text NOT NULL,
	"invoice_id" integer,
	"reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_billing_months_state_ck" CHECK ("subscription_billing_months"."state" IN ('invoiced','skipped','released')),
	CONSTRAINT "subscription_billing_months_month_ck" CHECK ("subscription_billing_months"."month" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD COLUMN "fee" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD COLUMN "interest" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD COLUMN "open_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD COLUMN "pay_by" date;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD COLUMN "letter_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_interval" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method" text DEFAULT 'ueberweisung' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_starts_on" date;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewed_from_id" integer;--> statement-breakpoint
ALTER TABLE "dunning_blocks" ADD CONSTRAINT "dunning_blocks_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_blocks" ADD CONSTRAINT "dunning_blocks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reverses_id_payments_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_billing_months" ADD CONSTRAINT "subscription_billing_months_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_billing_months" ADD CONSTRAINT "subscription_billing_months_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dunning_blocks_invoice_idx" ON "dunning_blocks" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "dunning_blocks_customer_idx" ON "dunning_blocks" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reverses_uq" ON "payments" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("payment_date","kind","amount");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_billing_months_pk" ON "subscription_billing_months" USING btree ("subscription_id","month");--> statement-breakpoint
CREATE INDEX "subscription_billing_months_invoice_idx" ON "subscription_billing_months" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_renewed_from_id_subscriptions_id_fk" FOREIGN KEY ("renewed_from_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_reference_uq" ON "invoices" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "invoices_open_customer_idx" ON "invoices" USING btree ("customer_id","due_date") WHERE "invoices"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "invoices_hour_package_idx" ON "invoices" USING btree ("hour_package_id") WHERE "invoices"."hour_package_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_renewed_from_uq" ON "subscriptions" USING btree ("renewed_from_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_billing_interval_ck" CHECK ("subscriptions"."billing_interval" IN ('monthly','quarterly','yearly','term'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_ck" CHECK ("subscriptions"."payment_method" IN ('ueberweisung','lastschrift'));--> statement-breakpoint
-- Decision 0580: the payment ledger is append-only. Only the customer reference may be set
-- to NULL (the foreign key's ON DELETE SET NULL when a customer is erased).
CREATE FUNCTION payments_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payments are append-only' USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_append_only_ck';
  END IF;
  IF (to_jsonb(NEW) - 'customer_id') IS DISTINCT FROM (to_jsonb(OLD) - 'customer_id') OR NEW.customer_id IS NOT NULL AND NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
    RAISE EXCEPTION 'payments are append-only' USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_append_only_ck';
  END IF;
  RETURN NEW;
END; $$;
--> statement-breakpoint
CREATE TRIGGER payments_no_update_delete BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_append_only();
--> statement-breakpoint
-- An invoice's received amount, status and paid date follow from its ledger entries, in the
-- transaction that writes them (decision 0580): 'paid' when what is received covers the gross
-- total, 'sent' otherwise; drafts and cancelled invoices keep their status.
CREATE FUNCTION invoice_refresh_received(target integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  received numeric(12, 2);
  last_day date;
BEGIN
  SELECT coalesce(sum(p.amount), 0), max(p.payment_date) INTO received, last_day
  FROM payments p
  WHERE p.invoice_id = target AND p.kind IN ('payment', 'credit_applied')
    AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reverses_id = p.id);
  UPDATE invoices SET
    paid_amount = CASE WHEN received > 0 THEN received END,
    status = CASE WHEN status IN ('sent', 'paid')
      THEN CASE WHEN received >= total_gross THEN 'paid' ELSE 'sent' END ELSE status END,
    paid_at = CASE WHEN status IN ('sent', 'paid') AND received >= total_gross THEN last_day END,
    updated_at = now()
  WHERE id = target;
END; $$;
--> statement-breakpoint
CREATE FUNCTION payments_refresh_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reversed_invoice integer;
BEGIN
  IF NEW.invoice_id IS NOT NULL THEN
    PERFORM invoice_refresh_received(NEW.invoice_id);
  END IF;
  IF NEW.reverses_id IS NOT NULL THEN
    SELECT invoice_id INTO reversed_invoice FROM payments WHERE id = NEW.reverses_id;
    IF reversed_invoice IS NOT NULL THEN
      PERFORM invoice_refresh_received(reversed_invoice);
    END IF;
  END IF;
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE TRIGGER payments_after_insert AFTER INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_refresh_invoice();
--> statement-breakpoint
-- ISO 11649 creditor reference of an invoice number (same as domain/creditor-reference.ts).
CREATE FUNCTION rf_creditor_reference(invoice_number text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  body text := right(regexp_replace(upper(invoice_number), '[^A-Z0-9]', '', 'g'), 21);
  digits text := '';
  c text;
  rest integer := 0;
  i integer;
BEGIN
  IF body = '' THEN body := '0'; END IF;
  FOREACH c IN ARRAY regexp_split_to_array(body || 'RF00', '') LOOP
    digits := digits || CASE WHEN c ~ '[A-Z]' THEN (ascii(c) - 55)::text ELSE c END;
  END LOOP;
  FOR i IN 1..length(digits) LOOP
    rest := (rest * 10 + substr(digits, i, 1)::integer) % 97;
  END LOOP;
  RETURN 'RF' || lpad((98 - rest)::text, 2, '0') || body;
END; $$;
--> statement-breakpoint
UPDATE invoices SET payment_reference = rf_creditor_reference(invoice_number)
  WHERE invoice_number IS NOT NULL AND kind = 'invoice';
--> statement-breakpoint
-- The old "Bezahlt" flag becomes a payment record of the amount it noted; an invoice
-- marked paid with less than its total is now shown as partly paid (decision 0580).
INSERT INTO payments (kind, customer_id, invoice_id, payment_date, amount, method, source, note, created_by)
SELECT 'payment', customer_id, id, coalesce(paid_at, invoice_date), paid_amount, 'ueberweisung', 'system',
  'Übernommen aus der früheren Markierung „Bezahlt“', 'System'
FROM invoices WHERE kind = 'invoice' AND paid_amount IS NOT NULL AND paid_amount > 0 ORDER BY id;
--> statement-breakpoint
INSERT INTO subscription_billing_months (subscription_id, month, state, invoice_id, created_by)
SELECT DISTINCT ON (subscription_id, billing_month) subscription_id, billing_month,
  CASE WHEN status = 'cancelled' THEN 'released' ELSE 'invoiced' END, id, 'System'
FROM invoices WHERE kind = 'invoice' AND subscription_id IS NOT NULL AND billing_month IS NOT NULL
ORDER BY subscription_id, billing_month, (status = 'cancelled'), id DESC;
--> statement-breakpoint
-- Existing ButlerPakete are billed automatically from the next month on, never backwards.
UPDATE subscriptions SET billing_starts_on = greatest(start_date, (date_trunc('month', now() AT TIME ZONE 'Europe/Vienna') + interval '1 month')::date);
--> statement-breakpoint
INSERT INTO billing_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO reminder_levels (level, days, fee, text) VALUES
  (1, 7, 0, 'sicher ist es Ihrer Aufmerksamkeit entgangen: Für die unten genannte Rechnung konnten wir noch keinen vollständigen Zahlungseingang feststellen. Wir bitten Sie freundlich, den offenen Betrag bis zum angegebenen Datum zu überweisen. Sollte sich Ihre Zahlung mit diesem Schreiben überschnitten haben, betrachten Sie es bitte als gegenstandslos.'),
  (2, 14, 5, 'trotz unserer Zahlungserinnerung ist der unten genannte Betrag noch offen. Wir mahnen Sie hiermit und fordern Sie auf, den offenen Betrag samt Mahnspesen bis zum angegebenen Datum zu begleichen.'),
  (3, 14, 10, 'trotz Zahlungserinnerung und 1. Mahnung ist der unten genannte Betrag weiterhin offen. Wir fordern Sie letztmalig auf, den offenen Betrag samt Mahnspesen und Verzugszinsen bis zum angegebenen Datum zu begleichen. Andernfalls werden wir die Forderung ohne weitere Ankündigung gerichtlich geltend machen oder einem Inkassobüro übergeben.')
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "direct_debit_items" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_collections" ADD COLUMN "scheme" text DEFAULT 'CORE' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_items" ADD CONSTRAINT "direct_debit_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD CONSTRAINT "bank_entries_payment_id_unique" UNIQUE("payment_id");--> statement-breakpoint
ALTER TABLE "direct_debit_items" ADD CONSTRAINT "direct_debit_items_payment_id_unique" UNIQUE("payment_id");