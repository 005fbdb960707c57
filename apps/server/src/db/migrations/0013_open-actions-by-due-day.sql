CREATE TABLE "open_actions_by_due_day" (
	"due_on" date PRIMARY KEY NOT NULL,
	"open" integer NOT NULL
);
--> statement-breakpoint
-- open_actions_by_due_day follows corrective_actions one statement at a time (docs/decisions/019),
-- as open_assignments_by_due_day follows assignments (0010): a statement adds the difference
-- its open rows made per due day, read from its transition tables; days are upserted in
-- date order, so two statements lock them in the same order. A day that falls to 0 is deleted.
CREATE FUNCTION open_actions_by_due_day_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
  deltas bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(due_on ORDER BY due_on), array_agg(n ORDER BY due_on) INTO days, deltas
    FROM (SELECT due_on, count(*) AS n FROM new_rows WHERE status = 'open' GROUP BY 1) changes;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(due_on ORDER BY due_on), array_agg(n ORDER BY due_on) INTO days, deltas
    FROM (SELECT due_on, -count(*) AS n FROM old_rows WHERE status = 'open' GROUP BY 1) changes;
  ELSE
    SELECT array_agg(due_on ORDER BY due_on), array_agg(n ORDER BY due_on) INTO days, deltas
    FROM (SELECT due_on, sum(n) AS n FROM (
            SELECT due_on, 1 AS n FROM new_rows WHERE status = 'open'
            UNION ALL
            SELECT due_on, -1 FROM old_rows WHERE status = 'open'
          ) changed GROUP BY due_on HAVING sum(n) <> 0) changes;
  END IF;
  IF days IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO open_actions_by_due_day (due_on, open)
  SELECT due, delta FROM unnest(days, deltas) AS c(due, delta) ORDER BY due
  ON CONFLICT (due_on) DO UPDATE SET open = open_actions_by_due_day.open + excluded.open;
  DELETE FROM open_actions_by_due_day WHERE open = 0 AND due_on = ANY (days);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER open_actions_by_due_day_insert AFTER INSERT ON corrective_actions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_actions_by_due_day_follow();
--> statement-breakpoint
CREATE TRIGGER open_actions_by_due_day_update AFTER UPDATE ON corrective_actions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_actions_by_due_day_follow();
--> statement-breakpoint
CREATE TRIGGER open_actions_by_due_day_delete AFTER DELETE ON corrective_actions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION open_actions_by_due_day_follow();
--> statement-breakpoint
INSERT INTO open_actions_by_due_day (due_on, open)
SELECT due_on, count(*) FROM corrective_actions WHERE status = 'open' GROUP BY 1;
