-- Attendance NFTs on a chain (docs/activities.md, "Check-in and NFTs"): with CHAIN_NFT set, a check-in queues its token
-- for a batched mint; undoing it dequeues or burns. chain_token_id is a hash of the public id, never the sequence.
ALTER TABLE "attendance_nfts" ADD COLUMN "chain_state" text;--> statement-breakpoint
ALTER TABLE "attendance_nfts" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "attendance_nfts" ADD COLUMN "chain_token_id" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "attendance_nfts" ADD COLUMN "owner_address" text;--> statement-breakpoint
ALTER TABLE "attendance_nfts" ADD COLUMN "chain_batch" text;--> statement-breakpoint
ALTER TABLE "attendance_nfts" ADD COLUMN "mint_tx" text;--> statement-breakpoint
ALTER TABLE "attendance_nfts" ADD COLUMN "burn_tx" text;--> statement-breakpoint
ALTER TABLE "attendance_nfts" ADD CONSTRAINT "attendance_nfts_chain_state_check" CHECK ("attendance_nfts"."chain_state" is null or "attendance_nfts"."chain_state" in ('queued', 'minting', 'minted', 'burn_queued', 'burning', 'burned'));--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_nfts_chain_token_idx" ON "attendance_nfts" USING btree ("chain_id","chain_token_id") WHERE "attendance_nfts"."chain_token_id" is not null;--> statement-breakpoint
CREATE INDEX "attendance_nfts_chain_due_idx" ON "attendance_nfts" USING btree ("chain_id","chain_state","token_id") WHERE "attendance_nfts"."chain_state" in ('queued', 'burn_queued');--> statement-breakpoint
CREATE INDEX "attendance_nfts_chain_batch_idx" ON "attendance_nfts" USING btree ("chain_batch") WHERE "attendance_nfts"."chain_batch" is not null;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "nft_address" text;
