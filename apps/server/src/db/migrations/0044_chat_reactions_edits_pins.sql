-- Reactions, edits and pins of chat messages (docs/chat.md "Reactions, editing and pins").
ALTER TABLE "chat_messages" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "chat_reactions" (
	"room_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_reactions_room_id_seq_user_id_emoji_pk" PRIMARY KEY("room_id","seq","user_id","emoji")
);
--> statement-breakpoint
ALTER TABLE "chat_reactions" ADD CONSTRAINT "chat_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "chat_reaction_revs" (
	"room_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"rev" bigint NOT NULL,
	CONSTRAINT "chat_reaction_revs_room_id_seq_pk" PRIMARY KEY("room_id","seq")
);
--> statement-breakpoint
CREATE TABLE "chat_message_versions" (
	"room_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_message_versions_room_id_seq_version_pk" PRIMARY KEY("room_id","seq","version")
);
--> statement-breakpoint
CREATE TABLE "chat_pins" (
	"room_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"slot" smallint NOT NULL,
	"pinned_by" bigint,
	"pinned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_pins_room_id_seq_pk" PRIMARY KEY("room_id","seq"),
	CONSTRAINT "chat_pins_slot" CHECK ("chat_pins"."slot" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "chat_pins" ADD CONSTRAINT "chat_pins_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_pins_slot_idx" ON "chat_pins" USING btree ("room_id","slot");
