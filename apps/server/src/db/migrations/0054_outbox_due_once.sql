-- A row may ask to be run later (a batched notice due at its window's end) and once per key: `once_key` is unique,
-- so every reaction of a window writes the window's row and the first one wins (docs/notifications.md, "The outbox").
ALTER TABLE "notice_outbox" ADD COLUMN IF NOT EXISTS "once_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "notice_outbox_once_key" ON "notice_outbox" USING btree ("once_key");
