CREATE TABLE "chain_audit_weeks" (
	"week_start" date PRIMARY KEY NOT NULL,
	"audits" integer NOT NULL,
	"score_sum" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restaurant_audit_weeks" (
	"restaurant_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"audits" integer NOT NULL,
	"score_sum" bigint NOT NULL,
	CONSTRAINT "restaurant_audit_weeks_restaurant_id_week_start_pk" PRIMARY KEY("restaurant_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "restaurant_training_totals" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurant_audit_weeks" ADD CONSTRAINT "restaurant_audit_weeks_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_training_totals" ADD CONSTRAINT "restaurant_training_totals_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restaurant_audit_weeks_week_idx" ON "restaurant_audit_weeks" USING btree ("week_start","restaurant_id","audits","score_sum");--> statement-breakpoint
-- restaurant_training_totals (docs/decisions/050): per restaurant, the staff_training_totals
-- of its active staff and managers, kept in the writing transaction like those totals
-- (0007) and chain_counts (0010). A person's standing (active, role, restaurants) and
-- their totals live in different tables, so two transactions could each miss the other's
-- change; the person's users row is the lock that orders them. Writers of totals share it
-- (FOR SHARE); writers of a standing hold it alone (an UPDATE or DELETE of the row, or FOR
-- NO KEY UPDATE from staff_restaurant_assignments), so whichever comes second reads what
-- the first committed. Counter rows are written in restaurant_id order (no deadlock among
-- counters); a row that reaches 0 / 0 stays (a left join reads it as "no assignments").
CREATE FUNCTION restaurant_training_totals_add(restaurant_ids uuid[], totals bigint[], completeds bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO restaurant_training_totals (restaurant_id, total, completed)
  SELECT restaurant_id, total, completed FROM unnest(restaurant_ids, totals, completeds) AS c(restaurant_id, total, completed)
  WHERE total <> 0 OR completed <> 0
  ORDER BY restaurant_id
  ON CONFLICT (restaurant_id) DO UPDATE
    SET total = restaurant_training_totals.total + excluded.total,
        completed = restaurant_training_totals.completed + excluded.completed;
END $$;
--> statement-breakpoint
-- People's totals moved: each changed person's difference goes to every restaurant they count at.
CREATE FUNCTION restaurant_training_totals_people() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  people text[];
  totals bigint[];
  completeds bigint[];
  restaurant_ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(staff_id ORDER BY staff_id), array_agg(total::bigint ORDER BY staff_id),
           array_agg(completed::bigint ORDER BY staff_id)
    INTO people, totals, completeds FROM new_rows WHERE total <> 0 OR completed <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(staff_id ORDER BY staff_id), array_agg(-total::bigint ORDER BY staff_id),
           array_agg(-completed::bigint ORDER BY staff_id)
    INTO people, totals, completeds FROM old_rows WHERE total <> 0 OR completed <> 0;
  ELSE
    SELECT array_agg(staff_id ORDER BY staff_id), array_agg(total ORDER BY staff_id), array_agg(completed ORDER BY staff_id)
    INTO people, totals, completeds
    FROM (SELECT staff_id, sum(total)::bigint AS total, sum(completed)::bigint AS completed FROM (
            SELECT staff_id, total::bigint AS total, completed::bigint AS completed FROM new_rows
            UNION ALL
            SELECT staff_id, -total, -completed FROM old_rows
          ) changed GROUP BY staff_id HAVING sum(total) <> 0 OR sum(completed) <> 0) changes;
  END IF;
  IF people IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM users WHERE id = ANY (people) ORDER BY id FOR SHARE;
  SELECT array_agg(restaurant_id ORDER BY restaurant_id), array_agg(total ORDER BY restaurant_id),
         array_agg(completed ORDER BY restaurant_id)
  INTO restaurant_ids, totals, completeds
  FROM (SELECT sra.restaurant_id, sum(d.total)::bigint AS total, sum(d.completed)::bigint AS completed
        FROM unnest(people, totals, completeds) AS d(staff_id, total, completed)
        JOIN users u ON u.id = d.staff_id AND u.is_active AND u.role IN ('staff', 'manager')
        JOIN staff_restaurant_assignments sra ON sra.user_id = d.staff_id
        GROUP BY sra.restaurant_id) per_restaurant;
  IF restaurant_ids IS NOT NULL THEN
    PERFORM restaurant_training_totals_add(restaurant_ids, totals, completeds);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Who works where changed: the person's whole totals come to (or leave) the restaurant.
-- A person being deleted has left every restaurant already (the users trigger below), and
-- their rows cascading away here find no users row.
CREATE FUNCTION restaurant_training_totals_workplaces() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  people text[];
  places uuid[];
  signs int[];
  restaurant_ids uuid[];
  totals bigint[];
  completeds bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(restaurant_id), array_agg(1) INTO people, places, signs FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(restaurant_id), array_agg(-1) INTO people, places, signs FROM old_rows;
  ELSE
    SELECT array_agg(user_id), array_agg(restaurant_id), array_agg(sign) INTO people, places, signs
    FROM (SELECT user_id, restaurant_id, 1 AS sign FROM new_rows
          UNION ALL SELECT user_id, restaurant_id, -1 FROM old_rows) moved;
  END IF;
  IF people IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM users WHERE id = ANY (people) ORDER BY id FOR NO KEY UPDATE;
  SELECT array_agg(restaurant_id ORDER BY restaurant_id), array_agg(total ORDER BY restaurant_id),
         array_agg(completed ORDER BY restaurant_id)
  INTO restaurant_ids, totals, completeds
  FROM (SELECT m.restaurant_id, sum(m.sign * t.total)::bigint AS total, sum(m.sign * t.completed)::bigint AS completed
        FROM unnest(people, places, signs) AS m(user_id, restaurant_id, sign)
        JOIN users u ON u.id = m.user_id AND u.is_active AND u.role IN ('staff', 'manager')
        JOIN staff_training_totals t ON t.staff_id = m.user_id
        GROUP BY m.restaurant_id) per_restaurant;
  IF restaurant_ids IS NOT NULL THEN
    PERFORM restaurant_training_totals_add(restaurant_ids, totals, completeds);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A person's standing changed (is_active, role): their totals come to or leave each of their restaurants.
CREATE FUNCTION restaurant_training_totals_standing() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  restaurant_ids uuid[];
  totals bigint[];
  completeds bigint[];
BEGIN
  SELECT array_agg(restaurant_id ORDER BY restaurant_id), array_agg(total ORDER BY restaurant_id),
         array_agg(completed ORDER BY restaurant_id)
  INTO restaurant_ids, totals, completeds
  FROM (SELECT sra.restaurant_id, sum(c.sign * t.total)::bigint AS total, sum(c.sign * t.completed)::bigint AS completed
        FROM (SELECT n.id, CASE WHEN n.is_active AND n.role IN ('staff', 'manager') THEN 1 ELSE -1 END AS sign
              FROM new_rows n JOIN old_rows o ON o.id = n.id
              WHERE (n.is_active AND n.role IN ('staff', 'manager')) IS DISTINCT FROM
                    (o.is_active AND o.role IN ('staff', 'manager'))) c
        JOIN staff_training_totals t ON t.staff_id = c.id
        JOIN staff_restaurant_assignments sra ON sra.user_id = c.id
        GROUP BY sra.restaurant_id) per_restaurant;
  IF restaurant_ids IS NOT NULL THEN
    PERFORM restaurant_training_totals_add(restaurant_ids, totals, completeds);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A person deleted leaves their restaurants before their rows cascade away (a row
-- trigger BEFORE the delete: after it, neither the person nor their totals are there).
CREATE FUNCTION restaurant_training_totals_person_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  restaurant_ids uuid[];
  totals bigint[];
  completeds bigint[];
BEGIN
  IF OLD.is_active AND OLD.role IN ('staff', 'manager') THEN
    SELECT array_agg(sra.restaurant_id ORDER BY sra.restaurant_id), array_agg(-t.total::bigint ORDER BY sra.restaurant_id),
           array_agg(-t.completed::bigint ORDER BY sra.restaurant_id)
    INTO restaurant_ids, totals, completeds
    FROM staff_training_totals t JOIN staff_restaurant_assignments sra ON sra.user_id = t.staff_id
    WHERE t.staff_id = OLD.id;
    IF restaurant_ids IS NOT NULL THEN
      PERFORM restaurant_training_totals_add(restaurant_ids, totals, completeds);
    END IF;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER restaurant_training_totals_insert AFTER INSERT ON staff_training_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION restaurant_training_totals_people();
--> statement-breakpoint
CREATE TRIGGER restaurant_training_totals_update AFTER UPDATE ON staff_training_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION restaurant_training_totals_people();
--> statement-breakpoint
CREATE TRIGGER restaurant_training_totals_delete AFTER DELETE ON staff_training_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION restaurant_training_totals_people();
--> statement-breakpoint
CREATE TRIGGER restaurant_training_totals_insert AFTER INSERT ON staff_restaurant_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION restaurant_training_totals_workplaces();
--> statement-breakpoint
CREATE TRIGGER restaurant_training_totals_update AFTER UPDATE ON staff_restaurant_assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION restaurant_training_totals_workplaces();
--> statement-breakpoint
CREATE TRIGGER restaurant_training_totals_delete AFTER DELETE ON staff_restaurant_assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION restaurant_training_totals_workplaces();
--> statement-breakpoint
CREATE TRIGGER restaurant_training_totals_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION restaurant_training_totals_standing();
--> statement-breakpoint
CREATE TRIGGER restaurant_training_totals_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION restaurant_training_totals_person_deleted();
--> statement-breakpoint
-- Completed audits per restaurant and UTC ISO week, and per week for the chain: what a
-- statement's rows added and removed, the chain's weeks locked before the restaurants'
-- (each in order), so concurrent submissions cannot deadlock. A week emptied is deleted.
CREATE FUNCTION audit_weeks_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  places uuid[];
  weeks date[];
  counts bigint[];
  sums bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(restaurant_id), array_agg(week), array_agg(n), array_agg(s) INTO places, weeks, counts, sums
    FROM (SELECT restaurant_id, date_trunc('week', audited_at AT TIME ZONE 'UTC')::date AS week,
                 count(*) AS n, sum(final_score)::bigint AS s
          FROM new_rows WHERE status = 'completed' GROUP BY 1, 2) changes;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(restaurant_id), array_agg(week), array_agg(n), array_agg(s) INTO places, weeks, counts, sums
    FROM (SELECT restaurant_id, date_trunc('week', audited_at AT TIME ZONE 'UTC')::date AS week,
                 -count(*) AS n, -sum(final_score)::bigint AS s
          FROM old_rows WHERE status = 'completed' GROUP BY 1, 2) changes;
  ELSE
    SELECT array_agg(restaurant_id), array_agg(week), array_agg(n), array_agg(s) INTO places, weeks, counts, sums
    FROM (SELECT restaurant_id, week, sum(n)::bigint AS n, sum(s)::bigint AS s FROM (
            SELECT restaurant_id, date_trunc('week', audited_at AT TIME ZONE 'UTC')::date AS week, 1 AS n,
                   final_score::bigint AS s
            FROM new_rows WHERE status = 'completed'
            UNION ALL
            SELECT restaurant_id, date_trunc('week', audited_at AT TIME ZONE 'UTC')::date, -1, -final_score::bigint
            FROM old_rows WHERE status = 'completed'
          ) changed GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(s) <> 0) changes;
  END IF;
  IF places IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO chain_audit_weeks (week_start, audits, score_sum)
  SELECT week, sum(n), sum(s) FROM unnest(weeks, counts, sums) AS c(week, n, s) GROUP BY week ORDER BY week
  ON CONFLICT (week_start) DO UPDATE
    SET audits = chain_audit_weeks.audits + excluded.audits, score_sum = chain_audit_weeks.score_sum + excluded.score_sum;
  DELETE FROM chain_audit_weeks WHERE audits = 0 AND week_start = ANY (weeks);
  INSERT INTO restaurant_audit_weeks (restaurant_id, week_start, audits, score_sum)
  SELECT place, week, n, s FROM unnest(places, weeks, counts, sums) AS c(place, week, n, s) ORDER BY place, week
  ON CONFLICT (restaurant_id, week_start) DO UPDATE
    SET audits = restaurant_audit_weeks.audits + excluded.audits,
        score_sum = restaurant_audit_weeks.score_sum + excluded.score_sum;
  DELETE FROM restaurant_audit_weeks w USING unnest(places, weeks) AS c(place, week)
  WHERE w.audits = 0 AND w.restaurant_id = c.place AND w.week_start = c.week;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_weeks_insert AFTER INSERT ON audits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_weeks_follow();
--> statement-breakpoint
CREATE TRIGGER audit_weeks_update AFTER UPDATE ON audits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_weeks_follow();
--> statement-breakpoint
CREATE TRIGGER audit_weeks_delete AFTER DELETE ON audits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_weeks_follow();
--> statement-breakpoint
INSERT INTO restaurant_training_totals (restaurant_id, total, completed)
SELECT sra.restaurant_id, sum(t.total), sum(t.completed)
FROM staff_restaurant_assignments sra
JOIN users u ON u.id = sra.user_id AND u.is_active AND u.role IN ('staff', 'manager')
JOIN staff_training_totals t ON t.staff_id = sra.user_id
GROUP BY sra.restaurant_id;
--> statement-breakpoint
INSERT INTO restaurant_audit_weeks (restaurant_id, week_start, audits, score_sum)
SELECT restaurant_id, date_trunc('week', audited_at AT TIME ZONE 'UTC')::date, count(*), sum(final_score)
FROM audits WHERE status = 'completed' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO chain_audit_weeks (week_start, audits, score_sum)
SELECT date_trunc('week', audited_at AT TIME ZONE 'UTC')::date, count(*), sum(final_score)
FROM audits WHERE status = 'completed' GROUP BY 1;
