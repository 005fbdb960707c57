CREATE TABLE "quiz_attempt_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" text NOT NULL,
	"quiz_id" uuid NOT NULL,
	"reset_by" text,
	"attempts_removed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_attempt_resets" ADD CONSTRAINT "quiz_attempt_resets_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempt_resets" ADD CONSTRAINT "quiz_attempt_resets_quiz_id_training_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."training_quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempt_resets" ADD CONSTRAINT "quiz_attempt_resets_reset_by_users_id_fk" FOREIGN KEY ("reset_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_attempt_resets_staff_quiz_idx" ON "quiz_attempt_resets" USING btree ("staff_id","quiz_id");