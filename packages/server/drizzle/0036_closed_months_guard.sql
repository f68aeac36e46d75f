-- Festschreibung (decision 0821): nothing booked with a date in a closed month changes.
-- A month `YYYY-MM` is closed while its closed_months row has no reopened_at (migration 0035).
-- The triggers below refuse, with SQLSTATE FS821 and the message 'closed month YYYY-MM'
-- (lib/closed-months.ts turns it into the German 409), every write that would create or
-- change a money row dated in a closed month.
--
-- Concurrency: the month's advisory lock (821, yyyymm). Every guarded write takes it in shared
-- mode before it looks at closed_months; making a month closed (an INSERT of its row or an
-- UPDATE that clears reopened_at) takes it exclusively, in a trigger of closed_months itself.
-- A closing therefore waits for every in-flight write of that month to commit, and a write
-- that comes later waits for the closing and then (READ COMMITTED: a fresh snapshot per
-- statement of a volatile function) sees the closed row and is refused.

CREATE FUNCTION closed_month_lock_key(month text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT substr(month, 1, 4)::integer * 100 + substr(month, 6, 2)::integer
$$;
--> statement-breakpoint
-- Refuses when one of `days` lies in a closed month. `what` goes into the error's TABLE field
-- so the German text can name invoices or bookings. Shared locks are taken in month order.
-- A restore (db/backup/restore-backup.ts) writes back rows that were booked before their month
-- was closed, in foreign-key order, not in the order they were made: it alone sets
-- butler.restoring for its transaction.
CREATE FUNCTION closed_month_guard(what text, VARIADIC days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m text;
  closed text;
BEGIN
  IF current_setting('butler.restoring', true) = 'on' THEN
    RETURN;
  END IF;
  FOR m IN SELECT DISTINCT to_char(d, 'YYYY-MM') FROM unnest(days) AS d WHERE d IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(821, closed_month_lock_key(m));
  END LOOP;
  SELECT c.month INTO closed FROM closed_months c
  WHERE c.reopened_at IS NULL
    AND c.month IN (SELECT to_char(d, 'YYYY-MM') FROM unnest(days) AS d WHERE d IS NOT NULL)
  ORDER BY c.month LIMIT 1;
  IF closed IS NOT NULL THEN
    RAISE EXCEPTION 'closed month %', closed
      USING ERRCODE = 'FS821', CONSTRAINT = 'closed_months_guard', TABLE = what;
  END IF;
END; $$;
--> statement-breakpoint
-- Closing a month (a new row, or a reopened one closed again) takes its lock exclusively; a
-- closed month's row is never deleted (its history is the audit trail's, decision 0821).
CREATE FUNCTION closed_month_take_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'closed months are kept' USING ERRCODE = 'check_violation', CONSTRAINT = 'closed_months_kept_ck';
  END IF;
  IF NEW.reopened_at IS NULL AND (TG_OP = 'INSERT' OR OLD.reopened_at IS NOT NULL) THEN
    PERFORM pg_advisory_xact_lock(821, closed_month_lock_key(NEW.month));
  END IF;
  RETURN NEW;
END; $$;
--> statement-breakpoint
CREATE TRIGGER closed_months_lock BEFORE INSERT OR UPDATE OR DELETE ON closed_months
  FOR EACH ROW EXECUTE FUNCTION closed_month_take_lock();
--> statement-breakpoint
-- Payments are append-only (migration 0022); an entry dated in a closed month is refused, and
-- so is a reversal (removal, bank return) of an entry dated in one: the ledger's figures
-- leave a reversed entry out altogether, so reversing it would change the closed month.
CREATE FUNCTION payments_closed_month_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reversed_day date;
BEGIN
  IF NEW.reverses_id IS NOT NULL THEN
    SELECT p.payment_date INTO reversed_day FROM payments p WHERE p.id = NEW.reverses_id;
  END IF;
  PERFORM closed_month_guard('payments', NEW.payment_date, reversed_day);
  RETURN NEW;
END; $$;
--> statement-breakpoint
CREATE TRIGGER payments_closed_month BEFORE INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_closed_month_guard();
--> statement-breakpoint
-- An issued invoice or credit note (status <> 'draft') dated in a closed month is frozen. What
-- may still change (decision 0821): sent_at (mailed again), reminder_level (a reminder dated in
-- the open period), the paid markers the ledger derives (paid_at, paid_amount, status between
-- 'sent' and 'paid'), the step to 'cancelled' with cancelled_at (a Storno: its Stornorechnung
-- is a new row dated today, which its own INSERT checks; the closed month keeps the invoice as
-- booked), customer_id becoming NULL (the customer deleted; the snapshot stays) and
-- updated_at. Everything else (amounts, dates, number, recipient snapshot, notes, a step back
-- from 'cancelled') is refused, as are issuing into a closed month and deleting such a row.
-- Drafts are no bookings and stay free.
CREATE FUNCTION invoices_closed_month_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  free constant text[] := ARRAY['sent_at', 'reminder_level', 'paid_at', 'paid_amount', 'status', 'cancelled_at', 'customer_id', 'updated_at'];
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
    AND (NEW.customer_id IS NULL OR NEW.customer_id IS NOT DISTINCT FROM OLD.customer_id) THEN
    RETURN NEW;
  END IF;
  PERFORM closed_month_guard('invoices', OLD.invoice_date, NEW.invoice_date);
  RETURN NEW;
END; $$;
--> statement-breakpoint
CREATE TRIGGER invoices_closed_month BEFORE INSERT OR UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_closed_month_guard();
--> statement-breakpoint
-- The lines of an issued invoice dated in a closed month are frozen with it.
CREATE FUNCTION invoice_items_closed_month_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  day date;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT i.invoice_date INTO day FROM invoices i WHERE i.id = OLD.invoice_id AND i.status <> 'draft';
    IF FOUND THEN
      PERFORM closed_month_guard('invoices', day);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  SELECT i.invoice_date INTO day FROM invoices i WHERE i.id = NEW.invoice_id AND i.status <> 'draft';
  IF FOUND THEN
    PERFORM closed_month_guard('invoices', day);
  END IF;
  RETURN NEW;
END; $$;
--> statement-breakpoint
CREATE TRIGGER invoice_items_closed_month BEFORE INSERT OR UPDATE OR DELETE ON invoice_items
  FOR EACH ROW EXECUTE FUNCTION invoice_items_closed_month_guard();
--> statement-breakpoint
-- A reminder that charges a fee or interest is a booking on its letter's date (before
-- letter_date existed: the day it was sent, in Vienna). Only its PDF reference may be set later.
CREATE FUNCTION invoice_reminders_closed_month_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (to_jsonb(NEW) - 'pdf_blob_id') = (to_jsonb(OLD) - 'pdf_blob_id') THEN
      RETURN NEW;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF OLD.fee > 0 OR OLD.interest > 0 THEN
      PERFORM closed_month_guard('invoice_reminders',
        coalesce(OLD.letter_date, (OLD.sent_at AT TIME ZONE 'Europe/Vienna')::date));
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.fee > 0 OR NEW.interest > 0 THEN
    PERFORM closed_month_guard('invoice_reminders',
      coalesce(NEW.letter_date, (NEW.sent_at AT TIME ZONE 'Europe/Vienna')::date));
  END IF;
  RETURN NEW;
END; $$;
--> statement-breakpoint
CREATE TRIGGER invoice_reminders_closed_month BEFORE INSERT OR UPDATE OR DELETE ON invoice_reminders
  FOR EACH ROW EXECUTE FUNCTION invoice_reminders_closed_month_guard();
