CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"token" text,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email_state" text DEFAULT 'pending' NOT NULL,
	"email_claimed_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"email_attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_outbox_kind_check" CHECK ("email_outbox"."kind" in ('passwordReset')),
	CONSTRAINT "email_outbox_email_state_check" CHECK ("email_outbox"."email_state" in ('pending', 'sending', 'sent', 'failed', 'expired', 'dropped'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_queue_idx" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."email_state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "email_outbox_failed_idx" ON "email_outbox" USING btree ("email_claimed_at") WHERE "email_outbox"."email_state" = 'failed';--> statement-breakpoint
CREATE INDEX "notifications_email_failed_idx" ON "notifications" USING btree ("email_claimed_at") WHERE "notifications"."email_state" = 'failed';