ALTER TABLE "data_version" DROP CONSTRAINT "data_version_single_row_ck";--> statement-breakpoint
ALTER TABLE "data_version" ADD CONSTRAINT "data_version_slot_ck" CHECK ("data_version"."id" BETWEEN 1 AND 16);--> statement-breakpoint
-- Decision 0347: one row per slot; a backend always bumps the same slot, so a transaction
-- holds at most one data_version row lock (no deadlocks) and writers of different
-- backends mostly touch different rows. The version is the sum of the slots.
INSERT INTO "data_version" ("id", "version") SELECT g, 0 FROM generate_series(2, 16) AS g ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_version SET version = version + 1 WHERE id = pg_backend_pid() % 16 + 1;
  RETURN NULL;
END;
$$;
