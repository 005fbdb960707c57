CREATE TABLE "people_counts" (
	"role" text NOT NULL,
	"is_active" boolean NOT NULL,
	"people" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "people_counts_role_is_active_pk" PRIMARY KEY("role","is_active")
);
--> statement-breakpoint
-- people_counts follows users one statement at a time (docs/decisions/052), as
-- chain_counts does (0010, decision 016): a statement adds the difference its rows made
-- per (role, is_active), read from its transition tables, so a bulk insert of 5,000 people
-- costs one upsert per kind. A row is written (and locked) only when its count moves, and
-- rows are taken in key order so concurrent statements cannot deadlock on them. Rows are
-- never deleted: a kind whose people all left stays at 0.
CREATE FUNCTION people_counts_add(kinds text[], actives boolean[], deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO people_counts (role, is_active, people)
  SELECT role, is_active, sum(delta) FROM unnest(kinds, actives, deltas) AS c(role, is_active, delta)
  GROUP BY role, is_active HAVING sum(delta) <> 0
  ORDER BY role, is_active
  ON CONFLICT (role, is_active) DO UPDATE SET people = people_counts.people + excluded.people;
END $$;
--> statement-breakpoint
CREATE FUNCTION people_counts_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kinds text[];
  actives boolean[];
  deltas bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(role), array_agg(is_active), array_agg(n) INTO kinds, actives, deltas
    FROM (SELECT role, is_active, count(*) AS n FROM new_rows GROUP BY 1, 2) changed;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(role), array_agg(is_active), array_agg(n) INTO kinds, actives, deltas
    FROM (SELECT role, is_active, -count(*) AS n FROM old_rows GROUP BY 1, 2) changed;
  ELSE
    -- Most updates of users (a name, a language, a sign-in) move no count: nothing is locked.
    SELECT array_agg(role), array_agg(is_active), array_agg(n) INTO kinds, actives, deltas
    FROM (SELECT role, is_active, sum(n) AS n FROM (
            SELECT role, is_active, 1 AS n FROM new_rows
            UNION ALL
            SELECT role, is_active, -1 FROM old_rows
          ) rows GROUP BY 1, 2 HAVING sum(n) <> 0) changed;
  END IF;
  IF kinds IS NOT NULL THEN
    PERFORM people_counts_add(kinds, actives, deltas);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER people_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_counts_users();
--> statement-breakpoint
CREATE TRIGGER people_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_counts_users();
--> statement-breakpoint
CREATE TRIGGER people_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION people_counts_users();
--> statement-breakpoint
INSERT INTO people_counts (role, is_active, people)
SELECT role, is_active, count(*) FROM users GROUP BY role, is_active;
