CREATE TABLE "announcement_ack_restaurant_totals" (
	"announcement_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"stamp" bigint NOT NULL,
	"audience" integer NOT NULL,
	"acknowledged" integer NOT NULL,
	CONSTRAINT "announcement_ack_restaurant_totals_announcement_id_restaurant_id_pk" PRIMARY KEY("announcement_id","restaurant_id")
);
--> statement-breakpoint
ALTER TABLE "announcement_ack_restaurant_totals" ADD CONSTRAINT "announcement_ack_restaurant_totals_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_ack_restaurant_totals" ADD CONSTRAINT "announcement_ack_restaurant_totals_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Filled by the counts' page itself (modules/announcements, docs/decisions/052), as
-- announcement_ack_totals is (0016, decision 023): a restaurant's row is counted and saved
-- with the audience stamp read in the same statement, and used only while that stamp is
-- current; the stamp's triggers (0016) already move with every write these figures read.
-- Nothing to backfill: a missing or outdated row is counted on its first view.
SELECT 1;
