-- A notice's email is a delivery row like its push (channel 'email'), written with the inbox row in one statement and
-- rendered when the mail worker sends it (docs/notifications.md, "Fan-out near the database"); the calendar invite it
-- carries is kept beside it. The push and the mail worker each claim their own channel.
ALTER TABLE "notice_deliveries" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
DROP INDEX IF EXISTS "notice_deliveries_due_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notice_deliveries_due_idx" ON "notice_deliveries" USING btree ("channel","next_attempt_at") WHERE "notice_deliveries"."done_at" is null;
