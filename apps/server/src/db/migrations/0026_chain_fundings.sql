-- What an operator moved into or out of the hot wallet, recorded once per transfer (docs/wallet.md, "What an operator does").
CREATE TABLE "chain_fundings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"asset_code" text NOT NULL,
	"direction" text NOT NULL,
	"chain_amount" numeric(78, 0) NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "chain_fundings_log_idx" ON "chain_fundings" USING btree ("chain_id","tx_hash","log_index");
