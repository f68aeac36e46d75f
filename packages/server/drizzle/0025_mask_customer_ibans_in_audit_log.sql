-- Decision 0692: the Protokoll keeps customers' IBANs (a mandate's debtor, a bank entry's
-- payer) only as country and last four digits, like lib/audit.ts writes them from now on.
-- Rows written before are masked here, so backups and exports of the log hold no full copy.
UPDATE "audit_log" AS a
SET "changes" = (
  SELECT jsonb_object_agg(
    field.key,
    CASE
      WHEN field.key IN ('debtorIban', 'debtor_iban', 'counterpartyIban', 'counterparty_iban')
        AND jsonb_typeof(field.value) = 'object'
      THEN jsonb_build_object(
        'before', CASE WHEN jsonb_typeof(field.value -> 'before') = 'string' AND btrim(field.value ->> 'before') <> ''
          THEN to_jsonb(upper(left(regexp_replace(field.value ->> 'before', '\s', '', 'g'), 2)) || '...'
            || upper(right(regexp_replace(field.value ->> 'before', '\s', '', 'g'), 4)))
          ELSE field.value -> 'before' END,
        'after', CASE WHEN jsonb_typeof(field.value -> 'after') = 'string' AND btrim(field.value ->> 'after') <> ''
          THEN to_jsonb(upper(left(regexp_replace(field.value ->> 'after', '\s', '', 'g'), 2)) || '...'
            || upper(right(regexp_replace(field.value ->> 'after', '\s', '', 'g'), 4)))
          ELSE field.value -> 'after' END)
      ELSE field.value
    END)
  FROM jsonb_each(a."changes") AS field
)
WHERE jsonb_typeof(a."changes") = 'object'
  AND a."changes" ?| ARRAY['debtorIban', 'debtor_iban', 'counterpartyIban', 'counterparty_iban'];
