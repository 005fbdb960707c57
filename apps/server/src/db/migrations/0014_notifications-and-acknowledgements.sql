CREATE TABLE "announcement_acknowledgements" (
	"announcement_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"version" integer NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_acknowledgements_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcement_restaurants" (
	"announcement_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	CONSTRAINT "announcement_restaurants_announcement_id_restaurant_id_pk" PRIMARY KEY("announcement_id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"email_state" text DEFAULT 'none' NOT NULL,
	"email_claimed_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"email_attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notifications_once_key" UNIQUE("user_id","kind","subject_key"),
	CONSTRAINT "notifications_email_state_check" CHECK ("notifications"."email_state" in ('none', 'pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "training_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"audit_id" uuid NOT NULL,
	"audit_item_id" uuid NOT NULL,
	"training_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_suggestions_finding_key" UNIQUE("audit_item_id"),
	CONSTRAINT "training_suggestions_status_check" CHECK ("training_suggestions"."status" in ('open', 'assigned', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "requires_ack" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "ack_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "audience_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_template_items" ADD COLUMN "training_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_templates" ADD COLUMN "auto_assign_training" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_training_assignments" ADD COLUMN "source_audit_item_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement_acknowledgements" ADD CONSTRAINT "announcement_acknowledgements_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_acknowledgements" ADD CONSTRAINT "announcement_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_restaurants" ADD CONSTRAINT "announcement_restaurants_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_restaurants" ADD CONSTRAINT "announcement_restaurants_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_suggestions" ADD CONSTRAINT "training_suggestions_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_suggestions" ADD CONSTRAINT "training_suggestions_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_suggestions" ADD CONSTRAINT "training_suggestions_audit_item_id_audit_items_id_fk" FOREIGN KEY ("audit_item_id") REFERENCES "public"."audit_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_suggestions" ADD CONSTRAINT "training_suggestions_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_suggestions" ADD CONSTRAINT "training_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_acknowledgements_user_idx" ON "announcement_acknowledgements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "announcement_restaurants_restaurant_idx" ON "announcement_restaurants" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_email_queue_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email_state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "training_suggestions_restaurant_open_idx" ON "training_suggestions" USING btree ("restaurant_id","created_at") WHERE "training_suggestions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "training_suggestions_audit_idx" ON "training_suggestions" USING btree ("audit_id");--> statement-breakpoint
ALTER TABLE "audit_template_items" ADD CONSTRAINT "audit_template_items_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_training_assignments" ADD CONSTRAINT "staff_training_assignments_source_audit_item_id_audit_items_id_fk" FOREIGN KEY ("source_audit_item_id") REFERENCES "public"."audit_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_requires_ack_idx" ON "announcements" USING btree ("created_at") WHERE "announcements"."requires_ack";--> statement-breakpoint
CREATE INDEX "audit_template_items_training_idx" ON "audit_template_items" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "staff_training_assignments_source_idx" ON "staff_training_assignments" USING btree ("source_audit_item_id") WHERE "staff_training_assignments"."source_audit_item_id" is not null;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_audience_roles_check" CHECK ("announcements"."audience_roles" <@ array['staff', 'manager', 'hq']::text[]);