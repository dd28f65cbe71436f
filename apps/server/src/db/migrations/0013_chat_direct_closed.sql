ALTER TABLE "chat_rooms" ADD COLUMN "direct_key" text;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_direct_idx" ON "chat_rooms" USING btree ("direct_key") WHERE "chat_rooms"."kind" = 'direct';