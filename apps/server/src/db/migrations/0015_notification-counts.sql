CREATE TABLE "notification_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- notification_counts follows notifications one statement at a time (docs/decisions/022),
-- as chain_counts does (0010): a statement adds the difference its rows made per person,
-- read from its transition tables, people in id order so that two statements lock their
-- rows in the same order. An update that changes no read state (the email sender's) adds
-- nothing and locks nothing.
CREATE FUNCTION notification_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notification_counts AS c (user_id, total, unread)
    SELECT user_id, count(*), count(*) FILTER (WHERE read_at IS NULL) FROM new_rows GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET total = c.total + excluded.total, unread = c.unread + excluded.unread;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO notification_counts AS c (user_id, total, unread)
    SELECT user_id, 0, sum(n) FROM (
      SELECT user_id, 1 AS n FROM new_rows WHERE read_at IS NULL
      UNION ALL
      SELECT user_id, -1 FROM old_rows WHERE read_at IS NULL
    ) changed GROUP BY user_id HAVING sum(n) <> 0 ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + excluded.unread;
  ELSE
    UPDATE notification_counts c SET total = c.total - gone.total, unread = c.unread - gone.unread
    FROM (SELECT user_id, count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread
          FROM old_rows GROUP BY user_id) gone
    WHERE c.user_id = gone.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notification_counts_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_follow();
--> statement-breakpoint
CREATE TRIGGER notification_counts_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_follow();
--> statement-breakpoint
CREATE TRIGGER notification_counts_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_follow();
--> statement-breakpoint
INSERT INTO notification_counts (user_id, total, unread)
SELECT user_id, count(*), count(*) FILTER (WHERE read_at IS NULL) FROM notifications GROUP BY user_id;
