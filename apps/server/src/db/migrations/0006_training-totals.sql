CREATE TABLE "staff_training_totals" (
	"staff_id" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_training_totals" ADD CONSTRAINT "staff_training_totals_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_training_totals_open_idx" ON "staff_training_totals" USING btree ("staff_id") WHERE "staff_training_totals"."total" > 0;