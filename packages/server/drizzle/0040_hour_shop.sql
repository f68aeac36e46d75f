CREATE TABLE "hour_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"hours" numeric(8, 2) NOT NULL,
	"price_per_hour" numeric(12, 2) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_offers_hours_ck" CHECK ("hour_offers"."hours" > 0 AND "hour_offers"."hours" <= 200 AND mod("hour_offers"."hours" * 2, 1) = 0),
	CONSTRAINT "hour_offers_price_ck" CHECK ("hour_offers"."price_per_hour" > 0)
);
--> statement-breakpoint
CREATE TABLE "hour_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"offer_id" integer,
	"idempotency_key" text NOT NULL,
	"hours" numeric(8, 2) NOT NULL,
	"price_per_hour" numeric(12, 2) NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	"total_gross" numeric(12, 2) NOT NULL,
	"state" text NOT NULL,
	"release" text NOT NULL,
	"ordered_on" date NOT NULL,
	"ordered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_id" integer,
	"hour_package_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	CONSTRAINT "hour_orders_state_ck" CHECK ("hour_orders"."state" IN ('requested','declined','awaiting_payment','completed','cancelled')),
	CONSTRAINT "hour_orders_release_ck" CHECK ("hour_orders"."release" IN ('immediate','payment')),
	CONSTRAINT "hour_orders_hours_ck" CHECK ("hour_orders"."hours" > 0)
);
--> statement-breakpoint
CREATE TABLE "hour_shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"release" text DEFAULT 'immediate' NOT NULL,
	"requires_confirmation" boolean DEFAULT false NOT NULL,
	"daily_limit" integer DEFAULT 3 NOT NULL,
	CONSTRAINT "hour_shop_settings_single_row_ck" CHECK ("hour_shop_settings"."id" = 1),
	CONSTRAINT "hour_shop_settings_release_ck" CHECK ("hour_shop_settings"."release" IN ('immediate','payment')),
	CONSTRAINT "hour_shop_settings_limit_ck" CHECK ("hour_shop_settings"."daily_limit" BETWEEN 1 AND 20)
);
--> statement-breakpoint
ALTER TABLE "hour_orders" ADD CONSTRAINT "hour_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_orders" ADD CONSTRAINT "hour_orders_offer_id_hour_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."hour_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_orders" ADD CONSTRAINT "hour_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_orders" ADD CONSTRAINT "hour_orders_hour_package_id_hour_packages_id_fk" FOREIGN KEY ("hour_package_id") REFERENCES "public"."hour_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hour_orders_key_uq" ON "hour_orders" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "hour_orders_invoice_uq" ON "hour_orders" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "hour_orders_customer_idx" ON "hour_orders" USING btree ("customer_id","ordered_on");--> statement-breakpoint
CREATE INDEX "hour_orders_state_idx" ON "hour_orders" USING btree ("state","ordered_at");--> statement-breakpoint
-- Decision 0850: an invoice's link to the Stundenpaket it sold is not part of the document,
-- so a lounge order paid after its invoice's month was closed may still write it.
CREATE OR REPLACE FUNCTION invoices_closed_month_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  free constant text[] := ARRAY['sent_at', 'reminder_level', 'paid_at', 'paid_amount', 'status', 'cancelled_at', 'customer_id', 'updated_at', 'hour_package_id'];
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'draft' THEN
      PERFORM closed_month_guard('invoices', NEW.invoice_date);
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      PERFORM closed_month_guard('invoices', OLD.invoice_date);
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'draft' AND NEW.status = 'draft' THEN
    RETURN NEW;
  END IF;
  IF OLD.status = 'draft' THEN
    PERFORM closed_month_guard('invoices', NEW.invoice_date);
    RETURN NEW;
  END IF;
  IF (to_jsonb(NEW) - free) = (to_jsonb(OLD) - free)
    AND (NEW.status = OLD.status OR (OLD.status IN ('sent', 'paid') AND NEW.status IN ('sent', 'paid', 'cancelled')))
    AND (NEW.cancelled_at IS NOT DISTINCT FROM OLD.cancelled_at OR (OLD.cancelled_at IS NULL AND NEW.status = 'cancelled'))
    AND (NEW.customer_id IS NULL OR NEW.customer_id IS NOT DISTINCT FROM OLD.customer_id)
    AND (OLD.hour_package_id IS NULL OR NEW.hour_package_id IS NOT DISTINCT FROM OLD.hour_package_id) THEN
    RETURN NEW;
  END IF;
  PERFORM closed_month_guard('invoices', OLD.invoice_date, NEW.invoice_date);
  RETURN NEW;
END; $$;
--> statement-breakpoint
-- Decision 0850: under "usable when paid" a lounge order's Stundenpaket is written in the
-- transaction whose payment makes its invoice paid, whichever way the payment came (by hand,
-- bank file, Lastschrift, credit), with its audit row; a cancelled invoice cancels the order.
CREATE FUNCTION hour_orders_follow_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o hour_orders%ROWTYPE;
  package_id integer;
BEGIN
  SELECT * INTO o FROM hour_orders WHERE invoice_id = NEW.id AND state = 'awaiting_payment' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'paid' THEN
    INSERT INTO hour_packages (customer_id, hours, price_per_hour, discount_percentage, total_price, purchase_date, created_by)
    VALUES (o.customer_id, o.hours, o.price_per_hour, 0, o.total_price, coalesce(NEW.paid_at, current_date), 'Lounge-Bestellung')
    RETURNING id INTO package_id;
    UPDATE invoices SET hour_package_id = package_id WHERE id = NEW.id;
    UPDATE hour_orders SET state = 'completed', hour_package_id = package_id WHERE id = o.id;
    INSERT INTO audit_log (actor_type, actor_name, action, entity, entity_id, changes, customer_id)
    VALUES ('system', 'System', 'create', 'hour_package', package_id::text,
      jsonb_build_object(
        'hours', jsonb_build_object('before', NULL, 'after', o.hours::text),
        'pricePerHour', jsonb_build_object('before', NULL, 'after', o.price_per_hour::text),
        'totalPrice', jsonb_build_object('before', NULL, 'after', o.total_price::text),
        'purchaseDate', jsonb_build_object('before', NULL, 'after', coalesce(NEW.paid_at, current_date)::text),
        'hourOrderId', jsonb_build_object('before', NULL, 'after', o.id)),
      o.customer_id);
  ELSIF NEW.status = 'cancelled' THEN
    UPDATE hour_orders SET state = 'cancelled' WHERE id = o.id;
  END IF;
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE TRIGGER invoices_hour_orders AFTER UPDATE OF status ON invoices
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('paid', 'cancelled'))
  EXECUTE FUNCTION hour_orders_follow_invoice();
