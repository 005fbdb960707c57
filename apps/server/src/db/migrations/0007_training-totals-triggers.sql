-- staff_training_totals follows staff_training_assignments, one statement at a time:
-- a bulk assignment of 5,000 rows adjusts each person's row once. Deletes and updates
-- only adjust existing rows, so a person being deleted (whose totals row cascades away
-- in the same statement) is never written back. Rows are locked in staff_id order, so
-- concurrent statements over the same people cannot deadlock on them.
CREATE FUNCTION staff_training_totals_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staff_training_totals (staff_id, total, completed)
  SELECT staff_id, count(*), count(completed_at) FROM inserted GROUP BY staff_id ORDER BY staff_id
  ON CONFLICT (staff_id) DO UPDATE
    SET total = staff_training_totals.total + excluded.total,
        completed = staff_training_totals.completed + excluded.completed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION staff_training_totals_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM staff_training_totals WHERE staff_id IN (SELECT staff_id FROM deleted) ORDER BY staff_id FOR UPDATE;
  UPDATE staff_training_totals t
  SET total = t.total - d.total, completed = t.completed - d.completed
  FROM (SELECT staff_id, count(*) AS total, count(completed_at) AS completed FROM deleted GROUP BY staff_id) d
  WHERE t.staff_id = d.staff_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION staff_training_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM staff_training_totals WHERE staff_id IN (SELECT staff_id FROM updated_new) ORDER BY staff_id FOR UPDATE;
  UPDATE staff_training_totals t
  SET total = t.total + d.total, completed = t.completed + d.completed
  FROM (
    SELECT staff_id, sum(n) AS total, sum(c) AS completed FROM (
      SELECT staff_id, 1 AS n, (completed_at IS NOT NULL)::int AS c FROM updated_new
      UNION ALL
      SELECT staff_id, -1, -((completed_at IS NOT NULL)::int) FROM updated_old
    ) changes GROUP BY staff_id
  ) d
  WHERE t.staff_id = d.staff_id AND (d.total <> 0 OR d.completed <> 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_training_totals_insert AFTER INSERT ON staff_training_assignments
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION staff_training_totals_after_insert();
--> statement-breakpoint
CREATE TRIGGER staff_training_totals_delete AFTER DELETE ON staff_training_assignments
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION staff_training_totals_after_delete();
--> statement-breakpoint
CREATE TRIGGER staff_training_totals_update AFTER UPDATE ON staff_training_assignments
  REFERENCING OLD TABLE AS updated_old NEW TABLE AS updated_new
  FOR EACH STATEMENT EXECUTE FUNCTION staff_training_totals_after_update();
--> statement-breakpoint
INSERT INTO staff_training_totals (staff_id, total, completed)
SELECT staff_id, count(*), count(completed_at) FROM staff_training_assignments GROUP BY staff_id;
