-- A first-time poster's link held until an admin approves it (docs/chat.md "Held links"; issue 35), and the search
-- backfill's cursor.
ALTER TABLE "chat_room_rules" ADD COLUMN "hold_first_links" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "chat_held_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" bigint NOT NULL,
	"sender_id" bigint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_id" text,
	"reply_to" bigint,
	"client_id" text,
	"status" text DEFAULT 'held' NOT NULL,
	"seq" bigint,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_held_messages" ADD CONSTRAINT "chat_held_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_held_messages" ADD CONSTRAINT "chat_held_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_held_client_idx" ON "chat_held_messages" USING btree ("room_id","sender_id","client_id") WHERE "chat_held_messages"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_held_room_idx" ON "chat_held_messages" USING btree ("room_id","status","id");--> statement-breakpoint
CREATE INDEX "chat_held_sender_idx" ON "chat_held_messages" USING btree ("sender_id","room_id");
--> statement-breakpoint
-- Where the search backfill of messages stored before 0046 stands (docs/chat.md "Search").
CREATE TABLE "chat_search_backfill" (
	"id" smallint PRIMARY KEY NOT NULL,
	"room_id" bigint DEFAULT 0 NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"indexed" bigint DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "chat_search_backfill" ("id") VALUES (1);
