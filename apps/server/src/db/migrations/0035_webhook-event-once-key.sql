ALTER TABLE "events" ADD COLUMN "once_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "events_once_key" ON "events" USING btree ("type","once_key");