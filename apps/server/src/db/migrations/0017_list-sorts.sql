DROP INDEX "announcements_created_at_idx";--> statement-breakpoint
DROP INDEX "announcements_requires_ack_idx";--> statement-breakpoint
DROP INDEX "staff_training_assignments_open_idx";--> statement-breakpoint
DROP INDEX "trainings_created_at_idx";--> statement-breakpoint
DROP INDEX "trainings_title_idx";--> statement-breakpoint
CREATE INDEX "announcements_title_idx" ON "announcements" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "audit_template_assignments_audit_name_idx" ON "audit_template_assignments" USING btree ("audit_id","template_name");--> statement-breakpoint
CREATE INDEX "audits_score_idx" ON "audits" USING btree (coalesce("final_score", -1),"id");--> statement-breakpoint
CREATE INDEX "corrective_actions_due_idx" ON "corrective_actions" USING btree ("due_on","id");--> statement-breakpoint
CREATE INDEX "corrective_actions_template_name_idx" ON "corrective_actions" USING btree ("template_name","id");--> statement-breakpoint
CREATE INDEX "training_quizzes_created_at_idx" ON "training_quizzes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "restaurants_email_idx" ON "restaurants" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "staff_training_assignments_staff_dates_idx" ON "staff_training_assignments" USING btree ("staff_id","completed_at");--> statement-breakpoint
CREATE INDEX "staff_training_totals_progress_idx" ON "staff_training_totals" USING btree (("completed"::float8 / "total"),"staff_id") WHERE "staff_training_totals"."total" > 0;--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role","name","id");--> statement-breakpoint
CREATE INDEX "users_active_name_idx" ON "users" USING btree ("is_active","name","id");--> statement-breakpoint
CREATE INDEX "announcements_created_at_idx" ON "announcements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "announcements_requires_ack_idx" ON "announcements" USING btree ("created_at","id") WHERE "announcements"."requires_ack";--> statement-breakpoint
CREATE INDEX "staff_training_assignments_open_idx" ON "staff_training_assignments" USING btree ("staff_id","due_at") WHERE "staff_training_assignments"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "trainings_created_at_idx" ON "trainings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trainings_title_idx" ON "trainings" USING btree ("title","id");