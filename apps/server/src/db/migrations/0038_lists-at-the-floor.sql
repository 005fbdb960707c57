CREATE TABLE "audit_due_counts" (
	"time_zone" text NOT NULL,
	"status" text NOT NULL,
	"period_end" date NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "audit_due_counts_time_zone_status_period_end_pk" PRIMARY KEY("time_zone","status","period_end")
);
--> statement-breakpoint
CREATE TABLE "resolved_actions_by_due_day" (
	"due_on" date PRIMARY KEY NOT NULL,
	"resolved" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_due_status_period_idx";--> statement-breakpoint
DROP INDEX "corrective_actions_status_due_idx";--> statement-breakpoint
ALTER TABLE "audit_due" ADD COLUMN "restaurant_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "corrective_action_owners" ADD COLUMN "user_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_due_status_period_desc_idx" ON "audit_due" USING btree ("status","period_end" DESC NULLS LAST,"restaurant_name","id");--> statement-breakpoint
CREATE INDEX "corrective_action_owners_name_idx" ON "corrective_action_owners" USING btree ("action_id","user_name");--> statement-breakpoint
CREATE INDEX "audit_due_status_period_idx" ON "audit_due" USING btree ("status","period_end","restaurant_name","id");--> statement-breakpoint
CREATE INDEX "corrective_actions_status_due_idx" ON "corrective_actions" USING btree ("status","due_on","id");--> statement-breakpoint
-- Names copied for the lists' indexes (docs/decisions/051), filled before any trigger below exists.
UPDATE audit_due d SET restaurant_name = r.name FROM restaurants r WHERE r.id = d.restaurant_id;
--> statement-breakpoint
UPDATE corrective_action_owners o SET user_name = u.name FROM users u WHERE u.id = o.user_id;
--> statement-breakpoint
INSERT INTO resolved_actions_by_due_day (due_on, resolved)
SELECT due_on, count(*) FROM corrective_actions WHERE status = 'resolved' GROUP BY 1;
--> statement-breakpoint
INSERT INTO audit_due_counts (time_zone, status, period_end, entries)
SELECT r.time_zone, d.status, d.period_end, count(*)
FROM audit_due d JOIN restaurants r ON r.id = d.restaurant_id AND r.is_active
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- An owner's name is the person's name now: read on every insert, whoever inserts (the
-- actions service, checklist failures, sensor excursions, the demo, SCIM's nothing), under a
-- share lock of the person's row, so a rename committing meanwhile either waits for this
-- insert (and its trigger below then rewrites the row) or is read by it.
CREATE FUNCTION corrective_action_owner_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.user_name := coalesce((SELECT name FROM users WHERE id = NEW.user_id FOR SHARE), '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER corrective_action_owners_name BEFORE INSERT OR UPDATE OF user_id ON corrective_action_owners
  FOR EACH ROW EXECUTE FUNCTION corrective_action_owner_name();
--> statement-breakpoint
CREATE FUNCTION corrective_action_owner_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE corrective_action_owners SET user_name = NEW.name WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER corrective_action_owners_renamed AFTER UPDATE OF name ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION corrective_action_owner_renamed();
--> statement-breakpoint
-- resolved_actions_by_due_day follows corrective_actions as open_actions_by_due_day does (0013):
-- a statement adds the difference its resolved rows made per due day, days upserted in date
-- order; its triggers fire after the open ones (trigger names in order), so every statement
-- locks open days before resolved days. A day that falls to 0 is deleted.
CREATE FUNCTION resolved_actions_by_due_day_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
  deltas bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(due_on ORDER BY due_on), array_agg(n ORDER BY due_on) INTO days, deltas
    FROM (SELECT due_on, count(*) AS n FROM new_rows WHERE status = 'resolved' GROUP BY 1) changes;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(due_on ORDER BY due_on), array_agg(n ORDER BY due_on) INTO days, deltas
    FROM (SELECT due_on, -count(*) AS n FROM old_rows WHERE status = 'resolved' GROUP BY 1) changes;
  ELSE
    SELECT array_agg(due_on ORDER BY due_on), array_agg(n ORDER BY due_on) INTO days, deltas
    FROM (SELECT due_on, sum(n) AS n FROM (
            SELECT due_on, 1 AS n FROM new_rows WHERE status = 'resolved'
            UNION ALL
            SELECT due_on, -1 FROM old_rows WHERE status = 'resolved'
          ) changed GROUP BY due_on HAVING sum(n) <> 0) changes;
  END IF;
  IF days IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO resolved_actions_by_due_day (due_on, resolved)
  SELECT due, delta FROM unnest(days, deltas) AS c(due, delta) ORDER BY due
  ON CONFLICT (due_on) DO UPDATE SET resolved = resolved_actions_by_due_day.resolved + excluded.resolved;
  DELETE FROM resolved_actions_by_due_day WHERE resolved = 0 AND due_on = ANY (days);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER resolved_actions_by_due_day_insert AFTER INSERT ON corrective_actions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resolved_actions_by_due_day_follow();
--> statement-breakpoint
CREATE TRIGGER resolved_actions_by_due_day_update AFTER UPDATE ON corrective_actions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resolved_actions_by_due_day_follow();
--> statement-breakpoint
CREATE TRIGGER resolved_actions_by_due_day_delete AFTER DELETE ON corrective_actions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resolved_actions_by_due_day_follow();
--> statement-breakpoint
-- A due entry's restaurant name is the restaurant's name now: read on insert under a share
-- lock of the restaurant's row (as owners' names above), rewritten when it is renamed.
CREATE FUNCTION audit_due_restaurant_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.restaurant_name := coalesce((SELECT name FROM restaurants WHERE id = NEW.restaurant_id FOR SHARE), '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_due_restaurant_name BEFORE INSERT OR UPDATE OF restaurant_id ON audit_due
  FOR EACH ROW EXECUTE FUNCTION audit_due_restaurant_name();
--> statement-breakpoint
-- Adds signed changes to audit_due_counts, keys in order (so two writers lock them in the
-- same order), and deletes the keys that fell to 0.
CREATE FUNCTION audit_due_counts_add(zones text[], statuses text[], days date[], deltas bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF zones IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO audit_due_counts (time_zone, status, period_end, entries)
  SELECT zone, status, day, delta FROM unnest(zones, statuses, days, deltas) AS c(zone, status, day, delta)
  ORDER BY zone, status, day
  ON CONFLICT (time_zone, status, period_end) DO UPDATE SET entries = audit_due_counts.entries + excluded.entries;
  DELETE FROM audit_due_counts k USING unnest(zones, statuses, days) AS c(zone, status, day)
  WHERE k.entries = 0 AND k.time_zone = c.zone AND k.status = c.status AND k.period_end = c.day;
END $$;
--> statement-breakpoint
-- audit_due_counts follows audit_due one statement at a time: the entries of active
-- restaurants, keyed by the restaurant's time zone. The restaurants are share-locked first
-- (in id order), so a deactivation or a change of zone committing meanwhile either waits for
-- this statement's transaction (and its own trigger then sees these rows) or is seen by it.
-- Entries whose restaurant is gone (a restaurant's delete cascading) count nothing here: the
-- restaurant's delete trigger took them off.
CREATE FUNCTION audit_due_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zones text[];
  statuses text[];
  days date[];
  deltas bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM restaurants WHERE id IN (SELECT restaurant_id FROM new_rows) ORDER BY id FOR SHARE;
    SELECT array_agg(zone ORDER BY zone, status, day), array_agg(status ORDER BY zone, status, day),
           array_agg(day ORDER BY zone, status, day), array_agg(n ORDER BY zone, status, day)
      INTO zones, statuses, days, deltas
    FROM (SELECT r.time_zone AS zone, c.status, c.period_end AS day, count(*) AS n
          FROM new_rows c JOIN restaurants r ON r.id = c.restaurant_id AND r.is_active GROUP BY 1, 2, 3) changes;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM restaurants WHERE id IN (SELECT restaurant_id FROM old_rows) ORDER BY id FOR SHARE;
    SELECT array_agg(zone ORDER BY zone, status, day), array_agg(status ORDER BY zone, status, day),
           array_agg(day ORDER BY zone, status, day), array_agg(n ORDER BY zone, status, day)
      INTO zones, statuses, days, deltas
    FROM (SELECT r.time_zone AS zone, c.status, c.period_end AS day, -count(*) AS n
          FROM old_rows c JOIN restaurants r ON r.id = c.restaurant_id AND r.is_active GROUP BY 1, 2, 3) changes;
  ELSE
    PERFORM 1 FROM restaurants
    WHERE id IN (SELECT restaurant_id FROM new_rows UNION SELECT restaurant_id FROM old_rows) ORDER BY id FOR SHARE;
    SELECT array_agg(zone ORDER BY zone, status, day), array_agg(status ORDER BY zone, status, day),
           array_agg(day ORDER BY zone, status, day), array_agg(n ORDER BY zone, status, day)
      INTO zones, statuses, days, deltas
    FROM (SELECT r.time_zone AS zone, c.status, c.period_end AS day, sum(c.n) AS n
          FROM (SELECT restaurant_id, status, period_end, 1 AS n FROM new_rows
                UNION ALL
                SELECT restaurant_id, status, period_end, -1 FROM old_rows) c
          JOIN restaurants r ON r.id = c.restaurant_id AND r.is_active
          GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0) changes;
  END IF;
  PERFORM audit_due_counts_add(zones, statuses, days, deltas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_due_counts_insert AFTER INSERT ON audit_due
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_due_counts_follow();
--> statement-breakpoint
CREATE TRIGGER audit_due_counts_update AFTER UPDATE ON audit_due
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_due_counts_follow();
--> statement-breakpoint
CREATE TRIGGER audit_due_counts_delete AFTER DELETE ON audit_due
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_due_counts_follow();
--> statement-breakpoint
-- A restaurant renamed, deactivated, reactivated, moved to another zone or deleted: its
-- entries' names and counts follow, in the same transaction. A delete takes its entries off
-- before the cascade removes them (the cascade's own trigger no longer finds the restaurant).
CREATE FUNCTION audit_due_follow_restaurant() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zones text[];
  statuses text[];
  days date[];
  deltas bigint[];
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.name IS DISTINCT FROM NEW.name THEN
    UPDATE audit_due SET restaurant_name = NEW.name WHERE restaurant_id = NEW.id;
  END IF;
  IF TG_OP = 'DELETE' OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.time_zone IS DISTINCT FROM NEW.time_zone THEN
    SELECT array_agg(zone ORDER BY zone, status, day), array_agg(status ORDER BY zone, status, day),
           array_agg(day ORDER BY zone, status, day), array_agg(n ORDER BY zone, status, day)
      INTO zones, statuses, days, deltas
    FROM (SELECT zone, status, day, sum(n) AS n FROM (
            SELECT OLD.time_zone AS zone, d.status, d.period_end AS day, -count(*) AS n
            FROM audit_due d WHERE d.restaurant_id = OLD.id AND OLD.is_active GROUP BY 1, 2, 3
            UNION ALL
            SELECT NEW.time_zone, d.status, d.period_end, count(*)
            FROM audit_due d WHERE TG_OP = 'UPDATE' AND d.restaurant_id = NEW.id AND NEW.is_active GROUP BY 1, 2, 3
          ) changed GROUP BY 1, 2, 3 HAVING sum(n) <> 0) changes;
    PERFORM audit_due_counts_add(zones, statuses, days, deltas);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_due_follow_restaurant_update AFTER UPDATE OF name, is_active, time_zone ON restaurants
  FOR EACH ROW EXECUTE FUNCTION audit_due_follow_restaurant();
--> statement-breakpoint
CREATE TRIGGER audit_due_follow_restaurant_delete BEFORE DELETE ON restaurants
  FOR EACH ROW EXECUTE FUNCTION audit_due_follow_restaurant();
