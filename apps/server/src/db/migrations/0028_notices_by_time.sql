-- The inbox reads newest first by when a notice happened (then by id), not by id alone.
DROP INDEX IF EXISTS "notices_user_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notices_user_time_idx" ON "notices" USING btree ("user_id","created_at","id");
