-- Decision 0722: a run's file is "Heruntergeladen" and "Bei der Bank eingereicht" only when
-- that happened. Runs written before kept no such record; those the bank has already settled
-- (an item collected or returned) evidently reached it, so they are marked so, by the
-- statement. The others stay "Erstellt" until staff download or confirm them. Idempotent.
UPDATE "direct_debit_runs" AS r
SET "downloaded_at" = coalesce(r."downloaded_at", r."created_at"),
    "at_bank_at" = coalesce(r."at_bank_at", r."created_at"),
    "at_bank_by" = coalesce(r."at_bank_by", 'Kontoauszug')
WHERE r."status" = 'submitted'
  AND r."at_bank_at" IS NULL
  AND EXISTS (SELECT 1 FROM "direct_debit_items" i WHERE i."run_id" = r."id" AND i."state" IN ('collected', 'returned'));
