-- Real chains (docs/wallet.md, "Chains"): EVM network ids, per-chain token decimals, deposits keyed by their log,
-- the chain module's scanners, block hashes, senders, signed transactions and sweeps, and the platform's gas account.
ALTER TABLE "chains" ADD COLUMN "network_id" integer;--> statement-breakpoint
UPDATE "chains" SET "network_id" = 56 WHERE "id" = 201;--> statement-breakpoint
UPDATE "chains" SET "network_id" = 43114 WHERE "id" = 311;--> statement-breakpoint
UPDATE "chains" SET "network_id" = 1 WHERE "id" = 3;--> statement-breakpoint
UPDATE "chains" SET "network_id" = 137 WHERE "id" = 314;--> statement-breakpoint
ALTER TABLE "asset_networks" ADD COLUMN "chain_decimals" integer;--> statement-breakpoint
-- BSC's USDT (Binance-Peg) has 18 decimals; the ledger keeps USDT at 6 on every chain.
UPDATE "asset_networks" SET "chain_decimals" = 18 WHERE "asset_code" = 'USDT' AND "chain_id" = 201;--> statement-breakpoint
-- Confirmations reviewed against published finality depths (docs/wallet.md, "Confirmations"): BSC 50, Avalanche 10,
-- Ethereum 64 (two epochs: finalized), Polygon 500.
UPDATE "asset_networks" SET "confirmations" = 50 WHERE "chain_id" = 201;--> statement-breakpoint
UPDATE "asset_networks" SET "confirmations" = 10 WHERE "chain_id" = 311;--> statement-breakpoint
UPDATE "asset_networks" SET "confirmations" = 64 WHERE "chain_id" = 3;--> statement-breakpoint
UPDATE "asset_networks" SET "confirmations" = 500 WHERE "chain_id" = 314;--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_available_not_negative";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_available_not_negative" CHECK ("accounts"."available" >= 0 or coalesce("accounts"."system_code", '') in ('chain_clearing', 'platform_gas'));--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "log_index" integer;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "chain_amount" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "reorged_at" timestamp with time zone;--> statement-breakpoint
DROP INDEX "deposits_chain_tx_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_chain_tx_idx" ON "deposits" USING btree ("chain_id","tx_hash","address") WHERE "deposits"."log_index" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_chain_log_idx" ON "deposits" USING btree ("chain_id","tx_hash","log_index") WHERE "deposits"."log_index" is not null;--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","chain_id");--> statement-breakpoint
CREATE TABLE "chain_scanners" (
	"chain_id" integer PRIMARY KEY NOT NULL REFERENCES "chains"("id"),
	"next_block" bigint NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"chain_id" integer NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "chain_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);--> statement-breakpoint
CREATE TABLE "chain_senders" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	CONSTRAINT "chain_senders_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);--> statement-breakpoint
CREATE TABLE "chain_txs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"from_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"purpose" text NOT NULL,
	"ref" text NOT NULL,
	"raw" text NOT NULL,
	"hash" text NOT NULL,
	"gas_limit" numeric(78, 0) NOT NULL,
	"max_fee_per_gas" numeric(78, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"mined_block" bigint,
	"succeeded" boolean,
	"gas_paid" numeric(78, 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "chain_txs_nonce_attempt_idx" ON "chain_txs" USING btree ("chain_id","from_address","nonce","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_txs_hash_idx" ON "chain_txs" USING btree ("chain_id","hash");--> statement-breakpoint
CREATE INDEX "chain_txs_open_idx" ON "chain_txs" USING btree ("chain_id","status") WHERE "chain_txs"."status" in ('signed', 'sent');--> statement-breakpoint
CREATE INDEX "chain_txs_ref_idx" ON "chain_txs" USING btree ("ref");--> statement-breakpoint
CREATE TABLE "chain_sweeps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"asset_code" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "chain_sweeps_open_idx" ON "chain_sweeps" USING btree ("chain_id","address","asset_code") WHERE "chain_sweeps"."status" in ('topping_up', 'sweeping');
