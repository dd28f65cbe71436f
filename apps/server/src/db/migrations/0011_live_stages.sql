CREATE TABLE "live_stages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"title" text NOT NULL,
	"cover_image_id" text,
	"audience" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"room_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_stages_audience" CHECK ("live_stages"."audience" in ('members', 'link')),
	CONSTRAINT "live_stages_status" CHECK ("live_stages"."status" in ('scheduled', 'live', 'paused', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "live_stages" ADD CONSTRAINT "live_stages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_stages_owner_idx" ON "live_stages" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "live_stages_room_idx" ON "live_stages" USING btree ("room_id");