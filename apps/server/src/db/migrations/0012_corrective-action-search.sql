CREATE INDEX "corrective_actions_item_text_trgm_idx" ON "corrective_actions" USING gin ("item_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "corrective_actions_comment_trgm_idx" ON "corrective_actions" USING gin ("comment" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "corrective_actions_template_name_trgm_idx" ON "corrective_actions" USING gin ("template_name" gin_trgm_ops);