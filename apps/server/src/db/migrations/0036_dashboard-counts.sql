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
CREATE INDEX "restaurant_audit_weeks_week_idx" ON "restaurant_audit_weeks" USING btree ("week_start","restaurant_id","audits","score_sum");