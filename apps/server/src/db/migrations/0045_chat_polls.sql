-- Polls in chat rooms (docs/chat.md "Polls"): the poll a `poll` message shows, one ballot per member and poll
-- (its primary key claims the vote; a change replaces the choices), and the room's "polls by admins only" switch.
ALTER TABLE "chat_rooms" ADD COLUMN "polls_by_admins" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "chat_polls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"question" text NOT NULL,
	"options" jsonb NOT NULL,
	"multiple" boolean NOT NULL,
	"anonymous" boolean NOT NULL,
	"audience" text NOT NULL,
	"closes_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "chat_poll_votes" (
	"poll_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"choices" jsonb NOT NULL,
	"voted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_poll_votes_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);--> statement-breakpoint
ALTER TABLE "chat_polls" ADD CONSTRAINT "chat_polls_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_polls" ADD CONSTRAINT "chat_polls_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_poll_votes" ADD CONSTRAINT "chat_poll_votes_poll_id_chat_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."chat_polls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_poll_votes" ADD CONSTRAINT "chat_poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_polls_message_idx" ON "chat_polls" USING btree ("room_id","seq");
