CREATE TABLE "sensor_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"low_c" double precision NOT NULL,
	"high_c" double precision NOT NULL,
	"delay_minutes" integer DEFAULT 15 NOT NULL,
	"recovery_minutes" integer DEFAULT 10 NOT NULL,
	"key_hash" text NOT NULL,
	"key_issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"last_reading_at" timestamp with time zone,
	"last_value" double precision,
	"evaluated_through" timestamp with time zone,
	"out_since" timestamp with time zone,
	"out_direction" text,
	"out_peak" double precision,
	"in_since" timestamp with time zone,
	"offline_since" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensor_devices_kind_check" CHECK ("sensor_devices"."kind" in ('fridge', 'freezer', 'hot-holding')),
	CONSTRAINT "sensor_devices_limits_check" CHECK ("sensor_devices"."low_c" < "sensor_devices"."high_c")
);
--> statement-breakpoint
CREATE TABLE "sensor_excursions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"limit_c" double precision NOT NULL,
	"peak_c" double precision NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensor_excursions_direction_check" CHECK ("sensor_excursions"."direction" in ('high', 'low'))
);
--> statement-breakpoint
CREATE TABLE "sensor_hourly" (
	"device_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "sensor_hourly_device_id_hour_pk" PRIMARY KEY("device_id","hour")
);
--> statement-breakpoint
CREATE TABLE "sensor_readings" (
	"device_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "sensor_readings_device_id_at_pk" PRIMARY KEY("device_id","at")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "sensor_excursion_id" uuid;--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD CONSTRAINT "sensor_devices_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD CONSTRAINT "sensor_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_excursions" ADD CONSTRAINT "sensor_excursions_device_id_sensor_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."sensor_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_excursions" ADD CONSTRAINT "sensor_excursions_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_hourly" ADD CONSTRAINT "sensor_hourly_device_id_sensor_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."sensor_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_devices_key_hash_idx" ON "sensor_devices" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "sensor_devices_restaurant_idx" ON "sensor_devices" USING btree ("restaurant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_excursions_live_key" ON "sensor_excursions" USING btree ("device_id") WHERE "sensor_excursions"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_excursions_device_start_key" ON "sensor_excursions" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE INDEX "sensor_excursions_restaurant_idx" ON "sensor_excursions" USING btree ("restaurant_id","started_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_sensor_excursion_id_sensor_excursions_id_fk" FOREIGN KEY ("sensor_excursion_id") REFERENCES "public"."sensor_excursions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "corrective_actions_sensor_excursion_key" ON "corrective_actions" USING btree ("sensor_excursion_id");
--> statement-breakpoint
-- Hand-written (decision 047): monthly partitions of any table partitioned by range on a
-- timestamptz column, named <table>_YYYY_MM, with a default partition <table>_default so
-- an insert never fails. Creates the month's partition unless it exists (true when it
-- did), moving in the rows of that month the default partition already holds. The
-- activity log keeps its own pair (migration 0030): its partitions refuse DELETE and
-- TRUNCATE, so its rows can never be moved.
CREATE FUNCTION month_partition_ensure(parent text, key_column text, month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', month)::date;
  partition_name text := parent || '_' || to_char(first_day, 'YYYY_MM');
  default_name text := parent || '_default';
  starts timestamptz := first_day::timestamp AT TIME ZONE 'UTC';
  ends timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'UTC';
BEGIN
  IF to_regclass(partition_name) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', partition_name, parent);
  IF to_regclass(default_name) IS NOT NULL THEN
    EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= %L AND %I < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
      default_name, key_column, starts, key_column, ends, partition_name);
  END IF;
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, partition_name, starts, ends);
  RETURN true;
END $$;
--> statement-breakpoint
-- Drops every monthly partition of `parent` that ends on or before `cutoff`: retention
-- removes whole months. Returns the months ('YYYY-MM') dropped.
CREATE FUNCTION month_partitions_drop_before(parent text, cutoff timestamptz) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  part record;
  month_text text;
BEGIN
  FOR part IN
    SELECT c.relname
    FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = parent::regclass AND c.relname ~ ('^' || parent || '_[0-9]{4}_[0-9]{2}$')
    ORDER BY c.relname
  LOOP
    month_text := replace(right(part.relname, 7), '_', '-');
    IF ((to_date(month_text, 'YYYY-MM') + interval '1 month')::timestamp AT TIME ZONE 'UTC') <= cutoff THEN
      EXECUTE format('DROP TABLE %I', part.relname);
      RETURN NEXT month_text;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "sensor_readings_default" PARTITION OF "sensor_readings" DEFAULT;
--> statement-breakpoint
SELECT month_partition_ensure('sensor_readings', 'at', (now() AT TIME ZONE 'UTC')::date);
--> statement-breakpoint
SELECT month_partition_ensure('sensor_readings', 'at', ((now() AT TIME ZONE 'UTC') + interval '1 month')::date);
