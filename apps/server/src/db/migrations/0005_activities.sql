CREATE TABLE "activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"organizer_id" bigint NOT NULL,
	"status" text NOT NULL,
	"visibility" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"cover_image_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"online_url" text,
	"city" text,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"capacity" integer,
	"require_approval" boolean DEFAULT false NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"marketing" jsonb NOT NULL,
	"checkin_secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "activities_code_unique" UNIQUE("code"),
	CONSTRAINT "activities_status" CHECK ("activities"."status" in ('draft', 'published', 'cancelled')),
	CONSTRAINT "activities_visibility" CHECK ("activities"."visibility" in ('public', 'unlisted')),
	CONSTRAINT "activities_times" CHECK ("activities"."ends_at" > "activities"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "activity_cohosts" (
	"activity_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "activity_cohosts_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "activity_drafts" (
	"user_id" bigint NOT NULL,
	"draft_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_drafts_user_id_draft_key_pk" PRIMARY KEY("user_id","draft_key")
);
--> statement-breakpoint
CREATE TABLE "activity_invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"code" text NOT NULL,
	"email" text,
	"invited_by" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_invitations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "attendance_nfts" (
	"token_id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"registration_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"minted_at" timestamp with time zone NOT NULL,
	"burned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "calendar_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"location" text,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_entries_times" CHECK ("calendar_entries"."ends_at" > "calendar_entries"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"widths" jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"ticket_type_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"code" text NOT NULL,
	"asset_code" text,
	"price" numeric(78, 0) DEFAULT '0' NOT NULL,
	"paid" numeric(78, 0) DEFAULT '0' NOT NULL,
	"refunded" numeric(78, 0) DEFAULT '0' NOT NULL,
	"payment_state" text DEFAULT 'none' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invite_code" text,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" bigint,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "registrations_code_unique" UNIQUE("code"),
	CONSTRAINT "registrations_status" CHECK ("registrations"."status" in ('pending', 'approved', 'waitlisted', 'rejected', 'cancelled')),
	CONSTRAINT "registrations_payment_state" CHECK ("registrations"."payment_state" in ('none', 'frozen', 'escrow', 'refunded', 'released'))
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"name" text NOT NULL,
	"asset_code" text,
	"price" numeric(78, 0) DEFAULT '0' NOT NULL,
	"capacity" integer,
	"sales_start" timestamp with time zone,
	"sales_end" timestamp with time zone,
	"sort" integer NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ticket_types_price" CHECK ("ticket_types"."price" >= 0 and ("ticket_types"."price" = 0) = ("ticket_types"."asset_code" is null))
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_cohosts" ADD CONSTRAINT "activity_cohosts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_cohosts" ADD CONSTRAINT "activity_cohosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_drafts" ADD CONSTRAINT "activity_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_invitations" ADD CONSTRAINT "activity_invitations_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_invitations" ADD CONSTRAINT "activity_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_nfts" ADD CONSTRAINT "attendance_nfts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_nfts" ADD CONSTRAINT "attendance_nfts_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_nfts" ADD CONSTRAINT "attendance_nfts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD CONSTRAINT "calendar_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_discovery_idx" ON "activities" USING btree ("status","visibility","starts_at","id");--> statement-breakpoint
CREATE INDEX "activities_organizer_idx" ON "activities" USING btree ("organizer_id","starts_at");--> statement-breakpoint
CREATE INDEX "activities_due_idx" ON "activities" USING btree ("ends_at") WHERE "activities"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "activity_cohosts_user_idx" ON "activity_cohosts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "activity_invitations_activity_idx" ON "activity_invitations" USING btree ("activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_nfts_live_idx" ON "attendance_nfts" USING btree ("registration_id") WHERE "attendance_nfts"."burned_at" is null;--> statement-breakpoint
CREATE INDEX "attendance_nfts_owner_idx" ON "attendance_nfts" USING btree ("owner_id","token_id");--> statement-breakpoint
CREATE INDEX "calendar_entries_user_idx" ON "calendar_entries" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_live_idx" ON "registrations" USING btree ("activity_id","user_id") WHERE "registrations"."status" in ('pending', 'approved', 'waitlisted');--> statement-breakpoint
CREATE INDEX "registrations_activity_idx" ON "registrations" USING btree ("activity_id","status","id");--> statement-breakpoint
CREATE INDEX "registrations_user_idx" ON "registrations" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "ticket_types_activity_idx" ON "ticket_types" USING btree ("activity_id");