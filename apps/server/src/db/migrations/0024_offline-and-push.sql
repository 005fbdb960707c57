CREATE TABLE "idempotent_requests" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"status_code" integer,
	"reply" jsonb,
	"recorded_at" timestamp with time zone,
	"clock_offset_seconds" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotent_requests_state_check" CHECK ("idempotent_requests"."state" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"notification_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_notification_id_subscription_id_pk" PRIMARY KEY("notification_id","subscription_id"),
	CONSTRAINT "push_deliveries_state_check" CHECK ("push_deliveries"."state" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device_label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_pushed_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD COLUMN "submit_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD COLUMN "submit_clock_offset_seconds" integer;--> statement-breakpoint
ALTER TABLE "checklist_values" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklist_values" ADD COLUMN "clock_offset_seconds" integer;--> statement-breakpoint
-- Notifications made before push are settled ('done'); new ones start 'new' for the push job.
ALTER TABLE "notifications" ADD COLUMN "push_state" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "push_state" SET DEFAULT 'new';--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotent_requests_received_idx" ON "idempotent_requests" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "push_deliveries_queue_idx" ON "push_deliveries" USING btree ("created_at") WHERE "push_deliveries"."state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_push_new_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."push_state" = 'new';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_push_state_check" CHECK ("notifications"."push_state" in ('new', 'done'));