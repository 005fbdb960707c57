CREATE TABLE "announcement_ack_totals" (
	"announcement_id" uuid PRIMARY KEY NOT NULL,
	"stamp" bigint NOT NULL,
	"audience" integer NOT NULL,
	"acknowledged" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_stamp" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"stamp" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "audience_stamp_one_row" CHECK ("audience_stamp"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "announcement_ack_totals" ADD CONSTRAINT "announcement_ack_totals_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "audience_stamp" ("id", "stamp") VALUES (1, 0);
--> statement-breakpoint
-- The stamp moves in the writer's transaction, so a reader's one statement sees either the
-- old stamp with the old rows or the new stamp with the new rows: totals saved with a stamp
-- are exact for that stamp, and are recounted once it has moved (docs/decisions/023).
CREATE FUNCTION audience_stamp_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audience_stamp SET stamp = stamp + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audience_stamp_users AFTER INSERT OR DELETE OR UPDATE OF is_active, role ON users
  FOR EACH STATEMENT EXECUTE FUNCTION audience_stamp_move();
--> statement-breakpoint
CREATE TRIGGER audience_stamp_staff_restaurants AFTER INSERT OR UPDATE OR DELETE ON staff_restaurant_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION audience_stamp_move();
--> statement-breakpoint
CREATE TRIGGER audience_stamp_announcements AFTER UPDATE OF audience_roles, ack_version, requires_ack ON announcements
  FOR EACH STATEMENT EXECUTE FUNCTION audience_stamp_move();
--> statement-breakpoint
CREATE TRIGGER audience_stamp_announcement_restaurants AFTER INSERT OR UPDATE OR DELETE ON announcement_restaurants
  FOR EACH STATEMENT EXECUTE FUNCTION audience_stamp_move();
--> statement-breakpoint
CREATE TRIGGER audience_stamp_acknowledgements AFTER INSERT OR UPDATE OR DELETE ON announcement_acknowledgements
  FOR EACH STATEMENT EXECUTE FUNCTION audience_stamp_move();
