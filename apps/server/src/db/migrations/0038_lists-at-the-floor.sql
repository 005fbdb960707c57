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
CREATE INDEX "corrective_actions_status_due_idx" ON "corrective_actions" USING btree ("status","due_on","id");