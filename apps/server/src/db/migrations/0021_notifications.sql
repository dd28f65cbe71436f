CREATE TABLE "activity_blasts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"audience" text[] NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"fanned_to" bigint DEFAULT 0 NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "activity_reminders" (
	"activity_id" bigint NOT NULL,
	"lead_minutes" integer NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_reminders_activity_id_lead_minutes_pk" PRIMARY KEY("activity_id","lead_minutes")
);
--> statement-breakpoint
CREATE TABLE "chat_room_mutes" (
	"user_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	CONSTRAINT "chat_room_mutes_user_id_room_id_pk" PRIMARY KEY("user_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"user_id" bigint NOT NULL,
	"device" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_devices_user_id_device_pk" PRIMARY KEY("user_id","device")
);
--> statement-breakpoint
CREATE TABLE "notice_deliveries" (
	"notice_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "notice_deliveries_notice_id_channel_pk" PRIMARY KEY("notice_id","channel")
);
--> statement-breakpoint
CREATE TABLE "notice_preferences" (
	"user_id" bigint NOT NULL,
	"category" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "notice_preferences_user_id_category_channel_pk" PRIMARY KEY("user_id","category","channel")
);
--> statement-breakpoint
CREATE TABLE "notice_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"timezone" text,
	"language" text,
	CONSTRAINT "notice_settings_quiet" CHECK (("notice_settings"."quiet_start" is null) = ("notice_settings"."quiet_end" is null) and coalesce("notice_settings"."quiet_start", 0) between 0 and 1439 and coalesce("notice_settings"."quiet_end", 0) between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"params" jsonb NOT NULL,
	"link" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"session_id" bigint,
	"kind" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text,
	"auth" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_kind" CHECK ("push_subscriptions"."kind" in ('web', 'fcm', 'apns'))
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "activity_blasts" ADD CONSTRAINT "activity_blasts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_mutes" ADD CONSTRAINT "chat_room_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_deliveries" ADD CONSTRAINT "notice_deliveries_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD CONSTRAINT "notice_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_settings" ADD CONSTRAINT "notice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_blasts_activity_idx" ON "activity_blasts" USING btree ("activity_id","id");--> statement-breakpoint
CREATE INDEX "activity_blasts_due_idx" ON "activity_blasts" USING btree ("send_at") WHERE "activity_blasts"."sent_at" is null and "activity_blasts"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "notice_deliveries_due_idx" ON "notice_deliveries" USING btree ("next_attempt_at") WHERE "notice_deliveries"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notices_user_key_idx" ON "notices" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notices_unread_idx" ON "notices" USING btree ("user_id","category") WHERE "notices"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");