-- Issue 11: the store-credit ledger is append-only. The database itself refuses to change or remove an entry.
CREATE FUNCTION "store_credit_entry_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'store_credit_entry is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "store_credit_entry_append_only" BEFORE UPDATE OR DELETE ON "store_credit_entry"
  FOR EACH ROW EXECUTE FUNCTION "store_credit_entry_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "store_credit_entry_no_truncate" BEFORE TRUNCATE ON "store_credit_entry"
  FOR EACH STATEMENT EXECUTE FUNCTION "store_credit_entry_refuse_change"();
