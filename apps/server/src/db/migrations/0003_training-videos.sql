CREATE TABLE "training_video_progress" (
	"staff_id" text NOT NULL,
	"video_id" uuid NOT NULL,
	"watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_video_progress_staff_id_video_id_pk" PRIMARY KEY("staff_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
DROP INDEX "training_videos_storage_key_idx";--> statement-breakpoint
ALTER TABLE "training_videos" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
ALTER TABLE "training_video_progress" ADD CONSTRAINT "training_video_progress_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_video_progress" ADD CONSTRAINT "training_video_progress_video_id_training_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."training_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_video_progress_video_idx" ON "training_video_progress" USING btree ("video_id");--> statement-breakpoint
ALTER TABLE "training_videos" ADD CONSTRAINT "training_videos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_videos_upload_idx" ON "training_videos" USING btree ("upload_id");