ALTER TABLE "mail_outbox" ADD COLUMN "secret_link" jsonb;--> statement-breakpoint
-- Decision 0502: stored mails never hold a live set-password link. Mails written before this
-- version carry theirs in clear: the link is replaced by the placeholder the Postausgang shows.
-- A mail still waiting with such a link is not sent with a dead placeholder: it is marked
-- failed with a German reason, and staff send a new link from the customer or staff page.
UPDATE "mail_outbox"
SET "status" = CASE WHEN "status" = 'queued' THEN 'failed' ELSE "status" END,
    "last_error" = CASE WHEN "status" = 'queued'
      THEN 'Beim Update ausgeblendet: Der Link in dieser E-Mail wird nicht mehr gespeichert. Bitte einen neuen Link senden.'
      ELSE "last_error" END,
    "next_attempt_at" = CASE WHEN "status" = 'queued' THEN NULL ELSE "next_attempt_at" END,
    "text_body" = regexp_replace("text_body", 'https?://[^\s"<>]*/passwort-festlegen#[A-Za-z0-9_-]+', '[Link ausgeblendet]', 'g'),
    "html_body" = regexp_replace("html_body", 'https?://[^\s"<>]*/passwort-festlegen#[A-Za-z0-9_-]+', '[Link ausgeblendet]', 'g')
WHERE "text_body" ~ '/passwort-festlegen#[A-Za-z0-9_-]' OR "html_body" ~ '/passwort-festlegen#[A-Za-z0-9_-]';
