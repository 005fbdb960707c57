CREATE TABLE "audit_sign_offs" (
	"audit_id" uuid PRIMARY KEY NOT NULL,
	"signed_by" text,
	"signed_by_name" text NOT NULL,
	"comment" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"value" jsonb,
	"failed" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"corrected_by" text,
	"corrected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_day_counts" (
	"restaurant_id" uuid NOT NULL,
	"local_day" date NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "checklist_day_counts_restaurant_id_local_day_pk" PRIMARY KEY("restaurant_id","local_day")
);
--> statement-breakpoint
CREATE TABLE "checklist_opt_outs" (
	"checklist_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_opt_outs_checklist_id_restaurant_id_pk" PRIMARY KEY("checklist_id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "checklist_restaurants" (
	"checklist_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	CONSTRAINT "checklist_restaurants_checklist_id_restaurant_id_pk" PRIMARY KEY("checklist_id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "checklist_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checklist_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"window_id" uuid,
	"restaurant_id" uuid NOT NULL,
	"local_day" date NOT NULL,
	"starts_at" integer NOT NULL,
	"minutes" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"open_notified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_runs_status_check" CHECK ("checklist_runs"."status" in ('open', 'submitted', 'missed')),
	CONSTRAINT "checklist_runs_submitted_check" CHECK (("checklist_runs"."status" = 'submitted') = ("checklist_runs"."submitted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "checklist_sign_offs" (
	"restaurant_id" uuid NOT NULL,
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"signed_by" text,
	"signed_by_name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_sign_offs_restaurant_id_period_starts_on_pk" PRIMARY KEY("restaurant_id","period","starts_on"),
	CONSTRAINT "checklist_sign_offs_period_check" CHECK ("checklist_sign_offs"."period" in ('day', 'week'))
);
--> statement-breakpoint
CREATE TABLE "checklist_values" (
	"run_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"value" jsonb,
	"failed" boolean DEFAULT false NOT NULL,
	"note" text,
	"entered_by" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_values_run_id_item_id_pk" PRIMARY KEY("run_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "checklist_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checklist_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"item_count" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checklist_id" uuid NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"starts_at" integer NOT NULL,
	"minutes" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "checklist_windows_starts_check" CHECK ("checklist_windows"."starts_at" between 0 and 1439),
	CONSTRAINT "checklist_windows_minutes_check" CHECK ("checklist_windows"."minutes" between 5 and 1440)
);
--> statement-breakpoint
CREATE TABLE "checklists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"restaurant_id" uuid,
	"all_restaurants" boolean DEFAULT true NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"current_version_id" uuid,
	"copied_from_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklists_local_not_locked_check" CHECK ("checklists"."restaurant_id" is null or not "checklists"."locked")
);
--> statement-breakpoint
ALTER TABLE "photos" DROP CONSTRAINT "photos_one_owner_check";--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "checklist_run_id" uuid;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "checklist_item_id" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "checklist_run_id" uuid;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "checklist_item_id" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "time_zone" text DEFAULT 'Europe/Amsterdam' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_sign_offs" ADD CONSTRAINT "audit_sign_offs_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_sign_offs" ADD CONSTRAINT "audit_sign_offs_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_corrections" ADD CONSTRAINT "checklist_corrections_run_id_checklist_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."checklist_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_corrections" ADD CONSTRAINT "checklist_corrections_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_day_counts" ADD CONSTRAINT "checklist_day_counts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_opt_outs" ADD CONSTRAINT "checklist_opt_outs_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_opt_outs" ADD CONSTRAINT "checklist_opt_outs_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_opt_outs" ADD CONSTRAINT "checklist_opt_outs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_restaurants" ADD CONSTRAINT "checklist_restaurants_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_restaurants" ADD CONSTRAINT "checklist_restaurants_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD CONSTRAINT "checklist_runs_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD CONSTRAINT "checklist_runs_version_id_checklist_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."checklist_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD CONSTRAINT "checklist_runs_window_id_checklist_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."checklist_windows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD CONSTRAINT "checklist_runs_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD CONSTRAINT "checklist_runs_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_sign_offs" ADD CONSTRAINT "checklist_sign_offs_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_sign_offs" ADD CONSTRAINT "checklist_sign_offs_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_values" ADD CONSTRAINT "checklist_values_run_id_checklist_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."checklist_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_values" ADD CONSTRAINT "checklist_values_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_versions" ADD CONSTRAINT "checklist_versions_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_versions" ADD CONSTRAINT "checklist_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_windows" ADD CONSTRAINT "checklist_windows_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_corrections_run_idx" ON "checklist_corrections" USING btree ("run_id","item_id","corrected_at");--> statement-breakpoint
CREATE INDEX "checklist_day_counts_day_idx" ON "checklist_day_counts" USING btree ("local_day","restaurant_id");--> statement-breakpoint
CREATE INDEX "checklist_restaurants_restaurant_idx" ON "checklist_restaurants" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_runs_window_day_key" ON "checklist_runs" USING btree ("window_id","restaurant_id","local_day");--> statement-breakpoint
CREATE INDEX "checklist_runs_restaurant_day_idx" ON "checklist_runs" USING btree ("restaurant_id","local_day","opens_at");--> statement-breakpoint
CREATE INDEX "checklist_runs_open_closes_idx" ON "checklist_runs" USING btree ("closes_at") WHERE "checklist_runs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "checklist_runs_unnotified_idx" ON "checklist_runs" USING btree ("opens_at") WHERE not "checklist_runs"."open_notified";--> statement-breakpoint
CREATE INDEX "checklist_runs_checklist_idx" ON "checklist_runs" USING btree ("checklist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_versions_checklist_version_key" ON "checklist_versions" USING btree ("checklist_id","version");--> statement-breakpoint
CREATE INDEX "checklist_windows_checklist_idx" ON "checklist_windows" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "checklists_restaurant_idx" ON "checklists" USING btree ("restaurant_id","name");--> statement-breakpoint
CREATE INDEX "checklists_name_idx" ON "checklists" USING btree ("name","id");--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_checklist_run_id_checklist_runs_id_fk" FOREIGN KEY ("checklist_run_id") REFERENCES "public"."checklist_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_checklist_run_id_checklist_runs_id_fk" FOREIGN KEY ("checklist_run_id") REFERENCES "public"."checklist_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "corrective_actions_checklist_item_key" ON "corrective_actions" USING btree ("checklist_run_id","checklist_item_id");--> statement-breakpoint
CREATE INDEX "photos_checklist_run_idx" ON "photos" USING btree ("checklist_run_id","checklist_item_id","created_at");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_checklist_item_check" CHECK (("photos"."checklist_run_id" is null) = ("photos"."checklist_item_id" is null));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_one_owner_check" CHECK (num_nonnulls("photos"."audit_item_id", "photos"."corrective_action_id", "photos"."checklist_run_id") = 1);--> statement-breakpoint
-- checklist_day_counts follows checklist_runs one statement at a time, as the counters of 0013
-- do (decision 016): each statement adds, per restaurant and local day, the difference its rows
-- made, read from its transition tables, upserted in key order so two statements lock in the
-- same order. A row counts in total, and in on_time, late or missed by where it stands.
CREATE FUNCTION checklist_day_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(to_jsonb(r) || jsonb_build_object('sign', 1)) INTO changes FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(to_jsonb(r) || jsonb_build_object('sign', -1)) INTO changes FROM old_rows r;
  ELSE
    SELECT jsonb_agg(c) INTO changes FROM (
      SELECT to_jsonb(r) || jsonb_build_object('sign', 1) AS c FROM new_rows r
      UNION ALL
      SELECT to_jsonb(r) || jsonb_build_object('sign', -1) FROM old_rows r
    ) both_sides;
  END IF;
  IF changes IS NULL THEN
    RETURN NULL;
  END IF;
  WITH changed AS (
    SELECT * FROM jsonb_to_recordset(changes) AS x(restaurant_id uuid, local_day date, sign int, status text,
      submitted_at timestamptz, closes_at timestamptz, failures int)
  ), deltas AS (
    SELECT restaurant_id, local_day,
      sum(sign) AS total,
      coalesce(sum(sign) FILTER (WHERE status = 'submitted' AND submitted_at <= closes_at), 0) AS on_time,
      coalesce(sum(sign) FILTER (WHERE status = 'submitted' AND submitted_at > closes_at), 0) AS late,
      coalesce(sum(sign) FILTER (WHERE status = 'missed'), 0) AS missed,
      coalesce(sum(sign) FILTER (WHERE status = 'submitted' AND failures > 0), 0) AS failed
    FROM changed GROUP BY restaurant_id, local_day
  )
  INSERT INTO checklist_day_counts AS c (restaurant_id, local_day, total, on_time, late, missed, failed)
  SELECT restaurant_id, local_day, total, on_time, late, missed, failed
  FROM deltas
  WHERE (total <> 0 OR on_time <> 0 OR late <> 0 OR missed <> 0 OR failed <> 0)
    -- A restaurant being deleted takes its counters with it (ON DELETE CASCADE): its
    -- records' deletion adds nothing back.
    AND EXISTS (SELECT 1 FROM restaurants r WHERE r.id = deltas.restaurant_id)
  ORDER BY restaurant_id, local_day
  ON CONFLICT (restaurant_id, local_day) DO UPDATE SET
    total = c.total + excluded.total, on_time = c.on_time + excluded.on_time, late = c.late + excluded.late,
    missed = c.missed + excluded.missed, failed = c.failed + excluded.failed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checklist_day_counts_insert AFTER INSERT ON checklist_runs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION checklist_day_counts_follow();
--> statement-breakpoint
CREATE TRIGGER checklist_day_counts_update AFTER UPDATE ON checklist_runs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION checklist_day_counts_follow();
--> statement-breakpoint
CREATE TRIGGER checklist_day_counts_delete AFTER DELETE ON checklist_runs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION checklist_day_counts_follow();
--> statement-breakpoint
-- A submitted record's values never change (issue 33): whatever route or statement tries, the
-- database refuses it. A correction is a row of checklist_corrections; the original stays.
CREATE FUNCTION checklist_values_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM checklist_runs r WHERE r.id = coalesce(NEW.run_id, OLD.run_id) AND r.status = 'submitted') THEN
    RAISE EXCEPTION 'checklist record % is submitted: its values cannot change', coalesce(NEW.run_id, OLD.run_id)
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN coalesce(NEW, OLD);
END $$;
--> statement-breakpoint
CREATE TRIGGER checklist_values_frozen BEFORE INSERT OR UPDATE OR DELETE ON checklist_values
  FOR EACH ROW EXECUTE FUNCTION checklist_values_frozen();
