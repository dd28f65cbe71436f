CREATE TABLE "bounties" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"creator_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"asset_code" text NOT NULL,
	"reward" numeric(78, 0) NOT NULL,
	"winners" integer NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"submit_kinds" jsonb NOT NULL,
	"audience" text NOT NULL,
	"room_id" bigint,
	"activity_id" bigint,
	"deadline" timestamp with time zone NOT NULL,
	"review_until" timestamp with time zone NOT NULL,
	"fund_entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"refund_entry_id" bigint,
	CONSTRAINT "bounties_slots" CHECK ("bounties"."paid_count" >= 0 and "bounties"."paid_count" <= "bounties"."winners")
);
--> statement-breakpoint
CREATE TABLE "bounty_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bounty_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"image_id" text,
	"state" text NOT NULL,
	"reason" text,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "red_packet_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"packet_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"entry_id" bigint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "red_packets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"sender_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"split" text NOT NULL,
	"audience" text NOT NULL,
	"asset_code" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"count" integer NOT NULL,
	"remaining_amount" numeric(78, 0) NOT NULL,
	"remaining_count" integer NOT NULL,
	"password_hash" text,
	"greeting" text DEFAULT '' NOT NULL,
	"room_id" bigint,
	"activity_id" bigint,
	"send_entry_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"refund_entry_id" bigint,
	CONSTRAINT "red_packets_code_unique" UNIQUE("code"),
	CONSTRAINT "red_packets_remaining" CHECK ("red_packets"."remaining_amount" >= 0 and "red_packets"."remaining_count" >= 0),
	CONSTRAINT "red_packets_shares" CHECK ("red_packets"."remaining_amount" >= "red_packets"."remaining_count")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "red_packet_max" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bounties" ADD CONSTRAINT "bounties_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounties" ADD CONSTRAINT "bounties_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounties" ADD CONSTRAINT "bounties_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounties" ADD CONSTRAINT "bounties_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounty_submissions" ADD CONSTRAINT "bounty_submissions_bounty_id_bounties_id_fk" FOREIGN KEY ("bounty_id") REFERENCES "public"."bounties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounty_submissions" ADD CONSTRAINT "bounty_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_claims" ADD CONSTRAINT "red_packet_claims_packet_id_red_packets_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."red_packets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_claims" ADD CONSTRAINT "red_packet_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bounties_creator_idx" ON "bounties" USING btree ("creator_id","id");--> statement-breakpoint
CREATE INDEX "bounties_activity_idx" ON "bounties" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "bounties_due_idx" ON "bounties" USING btree ("review_until") WHERE "bounties"."settled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bounty_submissions_live_idx" ON "bounty_submissions" USING btree ("bounty_id","user_id") WHERE "bounty_submissions"."state" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "bounty_submissions_bounty_idx" ON "bounty_submissions" USING btree ("bounty_id","id");--> statement-breakpoint
CREATE INDEX "bounty_submissions_user_idx" ON "bounty_submissions" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "red_packet_claims_once_idx" ON "red_packet_claims" USING btree ("packet_id","user_id");--> statement-breakpoint
CREATE INDEX "red_packet_claims_user_idx" ON "red_packet_claims" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "red_packets_sender_idx" ON "red_packets" USING btree ("sender_id","id");--> statement-breakpoint
CREATE INDEX "red_packets_due_idx" ON "red_packets" USING btree ("expires_at") WHERE "red_packets"."settled_at" is null;--> statement-breakpoint
-- The most one red packet may hold per asset (docs/red-packets.md), in base units: about 10,000 USD each.
UPDATE assets SET red_packet_max = CASE code
  WHEN 'USDT' THEN 10000000000
  WHEN 'XDR' THEN 1000000000000
  WHEN 'BTC' THEN 10000000
  WHEN 'ETH' THEN 3000000000000000000
  WHEN 'BNB' THEN 15000000000000000000
  WHEN 'AVAX' THEN 300000000000000000000
  WHEN 'POL' THEN 20000000000000000000000
  WHEN 'SOL' THEN 50000000000
  WHEN 'TON' THEN 2000000000000
  ELSE 0 END;
