CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"email" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "client_attempt_id" uuid;--> statement-breakpoint
CREATE INDEX "sign_in_attempts_window_ends_idx" ON "sign_in_attempts" USING btree ("window_ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_client_attempt_key" ON "quiz_attempts" USING btree ("staff_id","client_attempt_id");