DROP INDEX "orders_updated_idx";--> statement-breakpoint
CREATE INDEX "orders_inbox_idx" ON "orders" USING btree ("urgent","updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_open_inbox_idx" ON "orders" USING btree ("urgent","updated_at","id") WHERE "orders"."state" NOT IN ('done','declined','withdrawn');