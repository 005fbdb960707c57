CREATE TABLE "sign_in_address_attempts" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"signed_in_at" timestamp with time zone,
	CONSTRAINT "sign_in_address_attempts_email_address_pk" PRIMARY KEY("email","address")
);
--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD COLUMN "retry_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_address_attempts_window_ends_idx" ON "sign_in_address_attempts" USING btree ("window_ends_at");