-- Message search (docs/chat.md "Search"): the normalised text of each searchable message and its grams. Messages
-- stored before this migration are indexed by `npm run chat:search-backfill` (apps/server/scripts), which is
-- idempotent and may run while the server does.
CREATE TABLE "chat_search_texts" (
	"room_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"at" bigint NOT NULL,
	"norm" text NOT NULL,
	CONSTRAINT "chat_search_texts_room_id_seq_pk" PRIMARY KEY("room_id","seq")
);
--> statement-breakpoint
CREATE TABLE "chat_search_grams" (
	"gram" text NOT NULL,
	"at" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "chat_search_grams_gram_at_room_id_seq_pk" PRIMARY KEY("gram","at","room_id","seq")
);
