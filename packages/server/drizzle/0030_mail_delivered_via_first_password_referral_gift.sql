ALTER TABLE "admins" ADD COLUMN "password_generated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivered_via" text;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD COLUMN "gift_text" text DEFAULT 'ein kostenloses Kennenlerngespräch und 2 Stunden gratis bei der ersten Bestellung' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_delivered_via_ck" CHECK ("mail_outbox"."delivered_via" IN ('smtp', 'outbox'));