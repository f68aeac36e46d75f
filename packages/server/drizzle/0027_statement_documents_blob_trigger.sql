-- An issued Monatsübersicht's PDF goes with its row (decision 0771), also through the customer's cascade.
CREATE TRIGGER statement_documents_delete_blob AFTER DELETE OR UPDATE OF blob_id ON statement_documents
  FOR EACH ROW EXECUTE FUNCTION delete_owned_blob('blob_id');
