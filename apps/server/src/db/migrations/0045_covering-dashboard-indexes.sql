DROP INDEX "checklist_day_counts_day_idx";--> statement-breakpoint
CREATE INDEX "audit_due_open_idx" ON "audit_due" USING btree ("period_end","status","restaurant_id") WHERE "audit_due"."status" <> 'completed';--> statement-breakpoint
CREATE INDEX "checklist_day_counts_day_idx" ON "checklist_day_counts" USING btree ("local_day","restaurant_id","total","on_time","late","missed","failed");