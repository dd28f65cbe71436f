-- Recurring series of activities (docs/activities.md "Recurring series"): the rule and template, one row per
-- occurrence keyed by (series, index) so that an occurrence is created once however many workers race for it, and
-- the people following a series.
CREATE TABLE "activity_series" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organizer_id" bigint NOT NULL REFERENCES "users"("id"),
	"frequency" text NOT NULL,
	"week_of_month" integer,
	"anchor_date" text NOT NULL,
	"start_minutes" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"timezone" text NOT NULL,
	"until_date" text,
	"count" integer,
	"template" jsonb NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_series_frequency" CHECK ("frequency" in ('weekly', 'biweekly', 'monthlyByDate', 'monthlyByWeekday')),
	CONSTRAINT "activity_series_end" CHECK (("until_date" is null) <> ("count" is null))
);
--> statement-breakpoint
CREATE TABLE "activity_series_occurrences" (
	"series_id" bigint NOT NULL REFERENCES "activity_series"("id"),
	"idx" integer NOT NULL,
	"activity_id" bigint REFERENCES "activities"("id"),
	"starts_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_series_occurrences_series_id_idx_pk" PRIMARY KEY("series_id","idx")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "activity_series_occurrences_activity" ON "activity_series_occurrences" ("activity_id");
--> statement-breakpoint
CREATE TABLE "activity_series_followers" (
	"series_id" bigint NOT NULL REFERENCES "activity_series"("id"),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_series_followers_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
