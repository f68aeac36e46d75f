-- Decision 0704: a wiki entry that became a password entry (its category started encrypting,
-- or it was switched) keeps no clear copy of its text or username in the Protokoll. From now
-- on the sealing transaction replaces them (lib/audit.ts, sealAuditHistory); the rows written
-- before are sealed here: every audit row of an entry that is a password entry now, or whose
-- history shows it became one (also entries deleted since). Running it again changes nothing.
UPDATE "audit_log" AS a
SET "changes" = (
  SELECT jsonb_object_agg(
    field.key,
    CASE WHEN field.key IN ('content', 'username')
      THEN jsonb_build_object('before', '[geändert]'::text, 'after', '[geändert]'::text)
      ELSE field.value
    END)
  FROM jsonb_each(a."changes") AS field
)
WHERE a."entity" = 'wiki_entry'
  AND jsonb_typeof(a."changes") = 'object'
  AND a."changes" ?| ARRAY['content', 'username']
  AND (
    a."entity_id" IN (SELECT e."id"::text FROM "wiki_entries" e WHERE e."is_password_entry")
    OR a."entity_id" IN (
      SELECT h."entity_id" FROM "audit_log" h
      WHERE h."entity" = 'wiki_entry'
        AND (h."action" = 'encrypt' OR h."changes" -> 'isPasswordEntry' ->> 'after' = 'true')
    )
  );
