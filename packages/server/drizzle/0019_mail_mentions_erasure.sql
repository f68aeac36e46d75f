ALTER TABLE "mail_outbox" ADD COLUMN "mentioned_customer_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_mentioned_idx" ON "mail_outbox" USING gin ("mentioned_customer_ids");--> statement-breakpoint
-- Decision 0500: sign-in and reset attempts are keyed by account id or a hash, never by the
-- typed e-mail address. Keys written before hold addresses; they are at most a day old and
-- only throttle, so they go.
DELETE FROM "login_attempts" WHERE "attempt_key" LIKE 'account:%' OR "attempt_key" LIKE 'reset:email:%';
