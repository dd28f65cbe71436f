-- Existing attendance NFTs get their public id from the volatile default: PostgreSQL evaluates it once per row.
ALTER TABLE "attendance_nfts" ADD COLUMN "public_id" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_nfts" ADD COLUMN "owner_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_nfts" ADD CONSTRAINT "attendance_nfts_public_id_unique" UNIQUE("public_id");