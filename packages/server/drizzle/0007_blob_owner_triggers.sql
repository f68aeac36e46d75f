-- A blob belongs to the one row that names it. When that row goes (also through a
-- cascade, e.g. a customer deletion) or points to another blob, the old blob goes in the
-- same transaction: no orphaned bytes, no sweeper. Argument: the owning column's name.
CREATE FUNCTION delete_owned_blob() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_id bigint;
  new_id bigint;
BEGIN
  EXECUTE format('SELECT ($1).%I', TG_ARGV[0]) INTO old_id USING OLD;
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format('SELECT ($1).%I', TG_ARGV[0]) INTO new_id USING NEW;
    IF new_id IS NOT DISTINCT FROM old_id THEN
      RETURN NULL;
    END IF;
  END IF;
  IF old_id IS NOT NULL THEN
    DELETE FROM blobs WHERE id = old_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wiki_files_delete_blob AFTER DELETE OR UPDATE OF blob_id ON wiki_files
  FOR EACH ROW EXECUTE FUNCTION delete_owned_blob('blob_id');
--> statement-breakpoint
CREATE TRIGGER invoice_documents_delete_blob AFTER DELETE OR UPDATE OF blob_id ON invoice_documents
  FOR EACH ROW EXECUTE FUNCTION delete_owned_blob('blob_id');
--> statement-breakpoint
CREATE TRIGGER invoice_reminders_delete_blob AFTER DELETE OR UPDATE OF pdf_blob_id ON invoice_reminders
  FOR EACH ROW EXECUTE FUNCTION delete_owned_blob('pdf_blob_id');
--> statement-breakpoint
CREATE TRIGGER provider_settings_delete_blob AFTER DELETE OR UPDATE OF logo_blob_id ON provider_settings
  FOR EACH ROW EXECUTE FUNCTION delete_owned_blob('logo_blob_id');
