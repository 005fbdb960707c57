CREATE TABLE "audit_due" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"audit_id" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_due_schedule_restaurant_period_key" UNIQUE("schedule_id","restaurant_id","period_start"),
	CONSTRAINT "audit_due_status_check" CHECK ("audit_due"."status" in ('due', 'completed', 'missed')),
	CONSTRAINT "audit_due_period_check" CHECK ("audit_due"."period_end" > "audit_due"."period_start")
);
--> statement-breakpoint
CREATE TABLE "audit_schedule_restaurants" (
	"schedule_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	CONSTRAINT "audit_schedule_restaurants_schedule_id_restaurant_id_pk" PRIMARY KEY("schedule_id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "audit_schedule_templates" (
	"schedule_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	CONSTRAINT "audit_schedule_templates_schedule_id_template_id_pk" PRIMARY KEY("schedule_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "audit_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"cadence" text NOT NULL,
	"starts_on" date NOT NULL,
	"all_restaurants" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_schedules_cadence_check" CHECK ("audit_schedules"."cadence" in ('weekly', 'biweekly', 'monthly', 'quarterly'))
);
--> statement-breakpoint
CREATE TABLE "corrective_action_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"note" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corrective_action_events_kind_check" CHECK ("corrective_action_events"."kind" in ('created', 'resolved', 'reopened', 'reassigned', 'due_changed', 'photo_added'))
);
--> statement-breakpoint
CREATE TABLE "corrective_action_owners" (
	"action_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "corrective_action_owners_action_id_user_id_pk" PRIMARY KEY("action_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "corrective_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"audit_id" uuid,
	"audit_item_id" uuid,
	"template_name" text NOT NULL,
	"item_text" text NOT NULL,
	"mark" text,
	"comment" text,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution_note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corrective_actions_status_check" CHECK ("corrective_actions"."status" in ('open', 'resolved')),
	CONSTRAINT "corrective_actions_resolved_check" CHECK (("corrective_actions"."status" = 'open') = ("corrective_actions"."resolved_at" is null))
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_item_id" uuid,
	"corrective_action_id" uuid,
	"display_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"display_bytes" integer NOT NULL,
	"thumb_bytes" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_display_key_unique" UNIQUE("display_key"),
	CONSTRAINT "photos_thumb_key_unique" UNIQUE("thumb_key"),
	CONSTRAINT "photos_one_owner_check" CHECK (num_nonnulls("photos"."audit_item_id", "photos"."corrective_action_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_templates" ADD COLUMN "bad_due_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_templates" ADD COLUMN "needs_improvement_due_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_due" ADD CONSTRAINT "audit_due_schedule_id_audit_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."audit_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_due" ADD CONSTRAINT "audit_due_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_due" ADD CONSTRAINT "audit_due_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_schedule_restaurants" ADD CONSTRAINT "audit_schedule_restaurants_schedule_id_audit_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."audit_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_schedule_restaurants" ADD CONSTRAINT "audit_schedule_restaurants_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_schedule_templates" ADD CONSTRAINT "audit_schedule_templates_schedule_id_audit_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."audit_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_schedule_templates" ADD CONSTRAINT "audit_schedule_templates_template_id_audit_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."audit_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_schedules" ADD CONSTRAINT "audit_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_events" ADD CONSTRAINT "corrective_action_events_action_id_corrective_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_events" ADD CONSTRAINT "corrective_action_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_owners" ADD CONSTRAINT "corrective_action_owners_action_id_corrective_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action_owners" ADD CONSTRAINT "corrective_action_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_audit_item_id_audit_items_id_fk" FOREIGN KEY ("audit_item_id") REFERENCES "public"."audit_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_audit_item_id_audit_items_id_fk" FOREIGN KEY ("audit_item_id") REFERENCES "public"."audit_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_corrective_action_id_corrective_actions_id_fk" FOREIGN KEY ("corrective_action_id") REFERENCES "public"."corrective_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_due_restaurant_period_idx" ON "audit_due" USING btree ("restaurant_id","period_end");--> statement-breakpoint
CREATE INDEX "audit_due_status_period_idx" ON "audit_due" USING btree ("status","period_end");--> statement-breakpoint
CREATE INDEX "audit_due_audit_idx" ON "audit_due" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "audit_schedule_restaurants_restaurant_idx" ON "audit_schedule_restaurants" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "corrective_action_events_action_idx" ON "corrective_action_events" USING btree ("action_id","created_at");--> statement-breakpoint
CREATE INDEX "corrective_action_owners_user_idx" ON "corrective_action_owners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "corrective_actions_restaurant_status_due_idx" ON "corrective_actions" USING btree ("restaurant_id","status","due_on");--> statement-breakpoint
CREATE INDEX "corrective_actions_status_due_idx" ON "corrective_actions" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "corrective_actions_created_idx" ON "corrective_actions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "corrective_actions_audit_idx" ON "corrective_actions" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "corrective_actions_audit_item_idx" ON "corrective_actions" USING btree ("audit_item_id");--> statement-breakpoint
CREATE INDEX "photos_audit_item_idx" ON "photos" USING btree ("audit_item_id","created_at");--> statement-breakpoint
CREATE INDEX "photos_corrective_action_idx" ON "photos" USING btree ("corrective_action_id","created_at");