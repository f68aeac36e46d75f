-- Decision 0622: bookings show people's display names, not usernames. Entries booked before
-- carry the username; where the staff member has a name, it replaces it (by the account's id,
-- or, for entries from before created_by_admin_id, by the username they were written with).
UPDATE "time_entries" AS te
SET "created_by" = a."name"
FROM "admins" AS a
WHERE a."name" <> ''
  AND te."created_by" IS DISTINCT FROM a."name"
  AND (te."created_by_admin_id" = a."id" OR (te."created_by_admin_id" IS NULL AND te."created_by" = a."username"));
