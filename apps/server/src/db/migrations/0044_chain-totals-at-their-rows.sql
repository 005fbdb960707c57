CREATE INDEX "audit_due_counts_status_period_idx" ON "audit_due_counts" USING btree ("status","period_end");--> statement-breakpoint
-- The announcements list's total without a search: every announcement, or those asking for
-- an acknowledgement or not (the list's filter), kept like the other chain counts (0010,
-- docs/decisions/016) rather than counted over the chain's history on every page.
-- Two counters: always 'announcements' before 'announcements_requiring_ack'.
CREATE FUNCTION chain_counts_announcements() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posted bigint := 0;
  asking bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT posted + count(*), asking + count(*) FILTER (WHERE requires_ack) INTO posted, asking FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT posted - count(*), asking - count(*) FILTER (WHERE requires_ack) INTO posted, asking FROM old_rows;
  END IF;
  PERFORM chain_counts_add('announcements', posted);
  PERFORM chain_counts_add('announcements_requiring_ack', asking);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chain_counts_insert AFTER INSERT ON announcements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_announcements();
--> statement-breakpoint
CREATE TRIGGER chain_counts_update AFTER UPDATE ON announcements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_announcements();
--> statement-breakpoint
CREATE TRIGGER chain_counts_delete AFTER DELETE ON announcements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_announcements();
--> statement-breakpoint
INSERT INTO chain_counts (name, value) VALUES
  ('announcements', (SELECT count(*) FROM announcements)),
  ('announcements_requiring_ack', (SELECT count(*) FROM announcements WHERE requires_ack));
