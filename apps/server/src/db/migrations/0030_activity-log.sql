CREATE TABLE "activity_chain_heads" (
	"segment" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_log" (
	"id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"segment" text NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_label" text,
	"restaurant_id" uuid,
	"object_type" text,
	"object_id" text,
	"object_label" text,
	"changes" jsonb,
	"details" jsonb,
	"address" text,
	"user_agent" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "activity_log_id_at_pk" PRIMARY KEY("id","at")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "activity_log_segment_seq_idx" ON "activity_log" USING btree ("segment","seq");--> statement-breakpoint
CREATE INDEX "activity_log_at_idx" ON "activity_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_actor_at_idx" ON "activity_log" USING btree ("actor_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_restaurant_at_idx" ON "activity_log" USING btree ("restaurant_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_kind_at_idx" ON "activity_log" USING btree ("kind","at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
-- Append-only: the app cannot rewrite or remove an entry (a superuser can disable this;
-- the hash chain is what shows it then).
CREATE FUNCTION activity_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'activity_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
-- Hand-written (decision 043): activity_log is partitioned by UTC month, one partition a
-- month named activity_log_YYYY_MM, and a default partition so an insert never fails.
-- Creates the month's partition unless it exists; true when it created one. When rows of
-- that month already sit in the default partition it leaves them there (they cannot be
-- moved: the log refuses DELETE) and creates nothing.
CREATE FUNCTION activity_log_ensure_partition(month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', month)::date;
  partition_name text := 'activity_log_' || to_char(first_day, 'YYYY_MM');
  starts timestamptz := first_day::timestamp AT TIME ZONE 'UTC';
  ends timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'UTC';
BEGIN
  IF to_regclass(partition_name) IS NOT NULL THEN
    RETURN false;
  END IF;
  IF EXISTS (SELECT 1 FROM activity_log_default WHERE "at" >= starts AND "at" < ends) THEN
    RAISE WARNING 'activity_log_default holds entries of %; partition % not created', to_char(first_day, 'YYYY-MM'), partition_name;
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF activity_log FOR VALUES FROM (%L) TO (%L)', partition_name, starts, ends);
  -- A statement trigger of the parent does not reach its partitions: TRUNCATE of one is refused here.
  EXECUTE format('CREATE TRIGGER activity_log_no_truncate BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION activity_log_refuse_change()', partition_name);
  RETURN true;
END $$;
--> statement-breakpoint
-- Drops every monthly partition that ends on or before `cutoff`, and the chain heads of
-- those months: retention removes whole months, never single entries. Returns the
-- segments ('YYYY-MM') dropped.
CREATE FUNCTION activity_log_drop_months_before(cutoff timestamptz) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  part record;
  month_segment text;
BEGIN
  FOR part IN
    SELECT c.relname
    FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'activity_log'::regclass AND c.relname ~ '^activity_log_[0-9]{4}_[0-9]{2}$'
    ORDER BY c.relname
  LOOP
    month_segment := replace(substring(part.relname FROM 14), '_', '-');
    IF ((to_date(month_segment, 'YYYY-MM') + interval '1 month')::timestamp AT TIME ZONE 'UTC') <= cutoff THEN
      EXECUTE format('DROP TABLE %I', part.relname);
      DELETE FROM activity_chain_heads WHERE segment = month_segment;
      RETURN NEXT month_segment;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "activity_log_default" PARTITION OF "activity_log" DEFAULT;
--> statement-breakpoint
CREATE TRIGGER activity_log_no_truncate BEFORE TRUNCATE ON activity_log_default
  FOR EACH STATEMENT EXECUTE FUNCTION activity_log_refuse_change();
--> statement-breakpoint
SELECT activity_log_ensure_partition((now() AT TIME ZONE 'UTC')::date);
--> statement-breakpoint
SELECT activity_log_ensure_partition(((now() AT TIME ZONE 'UTC') + interval '1 month')::date);
--> statement-breakpoint
--> statement-breakpoint
CREATE TRIGGER activity_log_append_only BEFORE UPDATE OR DELETE ON activity_log
  FOR EACH ROW EXECUTE FUNCTION activity_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER activity_log_no_truncate BEFORE TRUNCATE ON activity_log
  FOR EACH STATEMENT EXECUTE FUNCTION activity_log_refuse_change();
