-- Message search (docs/chat.md "Search"): the normalised text of each searchable message and its grams, written
-- with the message from now on. Messages stored before this migration are not indexed by it: the grams come from
-- the server's own normalising (NFKC, lower case, CJK pairs, word prefixes), which SQL cannot repeat exactly.
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
