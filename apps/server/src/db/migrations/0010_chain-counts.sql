CREATE TABLE "chain_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_assignments_by_due_day" (
	"due_day" date PRIMARY KEY NOT NULL,
	"open" integer NOT NULL
);
--> statement-breakpoint
-- chain_counts and open_assignments_by_due_day follow their tables one statement at a
-- time (docs/decisions/016), as staff_training_totals does (0007): a statement adds the
-- difference its rows made, read from its transition tables, so a bulk write of 5,000
-- rows costs one update per counter. A counter row is locked only when its count moves.
CREATE FUNCTION chain_counts_add(counter text, delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF delta <> 0 THEN
    UPDATE chain_counts SET value = value + delta WHERE name = counter;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION chain_counts_restaurants() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  active bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT active + count(*) INTO active FROM new_rows WHERE is_active;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT active - count(*) INTO active FROM old_rows WHERE is_active;
  END IF;
  PERFORM chain_counts_add('active_restaurants', active);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION chain_counts_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  active bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT active + count(*) INTO active FROM new_rows WHERE is_active AND role IN ('staff', 'manager');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT active - count(*) INTO active FROM old_rows WHERE is_active AND role IN ('staff', 'manager');
  END IF;
  PERFORM chain_counts_add('active_people', active);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Two counters: always 'audits' before 'draft_audits', so concurrent statements lock them in one order.
CREATE FUNCTION chain_counts_audits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  audited bigint := 0;
  drafts bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT audited + count(*), drafts + count(*) FILTER (WHERE status = 'draft') INTO audited, drafts FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT audited - count(*), drafts - count(*) FILTER (WHERE status = 'draft') INTO audited, drafts FROM old_rows;
  END IF;
  PERFORM chain_counts_add('audits', audited);
  PERFORM chain_counts_add('draft_audits', drafts);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- staff_training_totals is itself written by the triggers of 0007 (an upsert fires both
-- its INSERT and its UPDATE trigger, each with its own rows).
CREATE FUNCTION chain_counts_training_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  assigned bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT assigned + count(*) INTO assigned FROM new_rows WHERE total > 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT assigned - count(*) INTO assigned FROM old_rows WHERE total > 0;
  END IF;
  PERFORM chain_counts_add('people_with_assignments', assigned);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Open assignments: the counter, and per UTC day of the due date those that have one.
-- The counter row is locked first whenever anything open moves, then the days in order:
-- writers of assignments queue on that one row instead of locking days in two orders.
-- A day whose count falls to 0 is deleted (an upsert by a concurrent statement recreates it).
CREATE FUNCTION chain_counts_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
  deltas bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(due_day ORDER BY due_day), array_agg(n ORDER BY due_day) INTO days, deltas
    FROM (SELECT (due_at AT TIME ZONE 'UTC')::date AS due_day, count(*) AS n
          FROM new_rows WHERE completed_at IS NULL GROUP BY 1) changes;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(due_day ORDER BY due_day), array_agg(n ORDER BY due_day) INTO days, deltas
    FROM (SELECT (due_at AT TIME ZONE 'UTC')::date AS due_day, -count(*) AS n
          FROM old_rows WHERE completed_at IS NULL GROUP BY 1) changes;
  ELSE
    SELECT array_agg(due_day ORDER BY due_day), array_agg(n ORDER BY due_day) INTO days, deltas
    FROM (SELECT due_day, sum(n) AS n FROM (
            SELECT (due_at AT TIME ZONE 'UTC')::date AS due_day, 1 AS n FROM new_rows WHERE completed_at IS NULL
            UNION ALL
            SELECT (due_at AT TIME ZONE 'UTC')::date, -1 FROM old_rows WHERE completed_at IS NULL
          ) changed GROUP BY due_day HAVING sum(n) <> 0) changes;
  END IF;
  IF days IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM chain_counts WHERE name = 'open_assignments' FOR UPDATE;
  INSERT INTO open_assignments_by_due_day (due_day, open)
  SELECT due, delta FROM unnest(days, deltas) AS c(due, delta) WHERE due IS NOT NULL ORDER BY due
  ON CONFLICT (due_day) DO UPDATE SET open = open_assignments_by_due_day.open + excluded.open;
  DELETE FROM open_assignments_by_due_day WHERE open = 0 AND due_day = ANY (days);
  PERFORM chain_counts_add('open_assignments', (SELECT sum(delta)::bigint FROM unnest(deltas) AS delta));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chain_counts_insert AFTER INSERT ON restaurants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_restaurants();
--> statement-breakpoint
CREATE TRIGGER chain_counts_update AFTER UPDATE ON restaurants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_restaurants();
--> statement-breakpoint
CREATE TRIGGER chain_counts_delete AFTER DELETE ON restaurants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_restaurants();
--> statement-breakpoint
CREATE TRIGGER chain_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_users();
--> statement-breakpoint
CREATE TRIGGER chain_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_users();
--> statement-breakpoint
CREATE TRIGGER chain_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_users();
--> statement-breakpoint
CREATE TRIGGER chain_counts_insert AFTER INSERT ON audits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_audits();
--> statement-breakpoint
CREATE TRIGGER chain_counts_update AFTER UPDATE ON audits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_audits();
--> statement-breakpoint
CREATE TRIGGER chain_counts_delete AFTER DELETE ON audits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_audits();
--> statement-breakpoint
CREATE TRIGGER chain_counts_insert AFTER INSERT ON staff_training_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_training_totals();
--> statement-breakpoint
CREATE TRIGGER chain_counts_update AFTER UPDATE ON staff_training_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_training_totals();
--> statement-breakpoint
CREATE TRIGGER chain_counts_delete AFTER DELETE ON staff_training_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_training_totals();
--> statement-breakpoint
CREATE TRIGGER chain_counts_insert AFTER INSERT ON staff_training_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_assignments();
--> statement-breakpoint
CREATE TRIGGER chain_counts_update AFTER UPDATE ON staff_training_assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_assignments();
--> statement-breakpoint
CREATE TRIGGER chain_counts_delete AFTER DELETE ON staff_training_assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_counts_assignments();
--> statement-breakpoint
INSERT INTO chain_counts (name, value) VALUES
  ('active_restaurants', (SELECT count(*) FROM restaurants WHERE is_active)),
  ('active_people', (SELECT count(*) FROM users WHERE is_active AND role IN ('staff', 'manager'))),
  ('people_with_assignments', (SELECT count(*) FROM staff_training_totals WHERE total > 0)),
  ('open_assignments', (SELECT count(*) FROM staff_training_assignments WHERE completed_at IS NULL)),
  ('draft_audits', (SELECT count(*) FROM audits WHERE status = 'draft')),
  ('audits', (SELECT count(*) FROM audits));
--> statement-breakpoint
INSERT INTO open_assignments_by_due_day (due_day, open)
SELECT (due_at AT TIME ZONE 'UTC')::date, count(*) FROM staff_training_assignments
WHERE completed_at IS NULL AND due_at IS NOT NULL GROUP BY 1;
