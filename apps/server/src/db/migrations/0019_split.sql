CREATE TABLE "activity_cohost_shares" (
	"activity_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"bp" integer NOT NULL,
	CONSTRAINT "activity_cohost_shares_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id"),
	CONSTRAINT "activity_cohost_shares_bp" CHECK ("activity_cohost_shares"."bp" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "activity_splits" (
	"activity_id" bigint PRIMARY KEY NOT NULL,
	"referral_bp" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_splits_referral" CHECK ("activity_splits"."referral_bp" between 0 and 10000)
);
--> statement-breakpoint
DROP INDEX "creator_earnings_activity_asset_idx";--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD COLUMN "role" text DEFAULT 'organizer' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_cohost_shares" ADD CONSTRAINT "activity_cohost_shares_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_cohost_shares" ADD CONSTRAINT "activity_cohost_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_splits" ADD CONSTRAINT "activity_splits_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_cohost_shares_user_idx" ON "activity_cohost_shares" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_earnings_activity_asset_payee_idx" ON "creator_earnings" USING btree ("activity_id","asset_code","organizer_id","role");--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_role" CHECK ("creator_earnings"."role" in ('organizer', 'cohost', 'referrer'));