CREATE INDEX "invoices_total_gross_idx" ON "invoices" USING btree ("total_gross");--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "time_entries_activity_fts_idx" ON "time_entries" USING gin (to_tsvector('simple', "activity_description"));--> statement-breakpoint
CREATE INDEX "wiki_entries_title_trgm_idx" ON "wiki_entries" USING gin ("title" gin_trgm_ops);