-- A change of who works where locks the person's users row before anything else the
-- statement's triggers lock (decision 050). The statement-level triggers of one event fire
-- in name order, so audience_stamp_staff_restaurants (0016) took the one audience_stamp row
-- before restaurant_training_totals_* (0036) asked for the users row, while a concurrent
-- change of that person's standing (an UPDATE of users: its row first, then
-- audience_stamp_users wanting the stamp) held them the other way round: a deadlock
-- (PostgreSQL, dashboard-counts.test's concurrent writers). BEFORE row triggers run before
-- every AFTER trigger, whatever their names, so the order is now the person, then the rest.
CREATE FUNCTION staff_restaurant_assignments_lock_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM users WHERE id = OLD.user_id FOR NO KEY UPDATE;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM 1 FROM users WHERE id IN (OLD.user_id, NEW.user_id) ORDER BY id FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_restaurant_assignments_lock_person BEFORE INSERT OR UPDATE OR DELETE ON staff_restaurant_assignments
  FOR EACH ROW EXECUTE FUNCTION staff_restaurant_assignments_lock_person();
