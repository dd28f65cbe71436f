CREATE TABLE "airdrop_payouts" (
	"airdrop_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"entry_id" bigint,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "airdrop_payouts_airdrop_id_user_id_pk" PRIMARY KEY("airdrop_id","user_id"),
	CONSTRAINT "airdrop_payouts_positive" CHECK ("airdrop_payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "airdrop_signups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"airdrop_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airdrops" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project" text NOT NULL,
	"description" text NOT NULL,
	"website" text,
	"asset_code" text NOT NULL,
	"mode" text NOT NULL,
	"pool" numeric(78, 0) NOT NULL,
	"per_person" numeric(78, 0),
	"max_participants" integer,
	"signup_starts_at" timestamp with time zone NOT NULL,
	"signup_ends_at" timestamp with time zone NOT NULL,
	"distribute_at" timestamp with time zone NOT NULL,
	"holds_asset" text,
	"holds_min" numeric(78, 0),
	"attended_activity_id" bigint,
	"vip_tier" text,
	"funder_user_id" bigint,
	"status" text NOT NULL,
	"signup_count" integer DEFAULT 0 NOT NULL,
	"share" numeric(78, 0),
	"paid" numeric(78, 0) DEFAULT '0' NOT NULL,
	"returned" numeric(78, 0) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"distributed_at" timestamp with time zone,
	CONSTRAINT "airdrops_pool_positive" CHECK ("airdrops"."pool" > 0),
	CONSTRAINT "airdrops_window" CHECK ("airdrops"."signup_ends_at" > "airdrops"."signup_starts_at" and "airdrops"."distribute_at" >= "airdrops"."signup_ends_at"),
	CONSTRAINT "airdrops_not_overpaid" CHECK ("airdrops"."paid" + "airdrops"."returned" <= "airdrops"."pool"),
	CONSTRAINT "airdrops_places" CHECK ("airdrops"."max_participants" is null or "airdrops"."signup_count" <= "airdrops"."max_participants")
);
--> statement-breakpoint
CREATE TABLE "token_listings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"chain_id" integer NOT NULL,
	"contract" text NOT NULL,
	"logo_image_id" text NOT NULL,
	"website" text NOT NULL,
	"whitepaper" text NOT NULL,
	"contact" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"review_note" text,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "airdrop_payouts" ADD CONSTRAINT "airdrop_payouts_airdrop_id_airdrops_id_fk" FOREIGN KEY ("airdrop_id") REFERENCES "public"."airdrops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_payouts" ADD CONSTRAINT "airdrop_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_signups" ADD CONSTRAINT "airdrop_signups_airdrop_id_airdrops_id_fk" FOREIGN KEY ("airdrop_id") REFERENCES "public"."airdrops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_signups" ADD CONSTRAINT "airdrop_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrops" ADD CONSTRAINT "airdrops_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrops" ADD CONSTRAINT "airdrops_holds_asset_assets_code_fk" FOREIGN KEY ("holds_asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrops" ADD CONSTRAINT "airdrops_attended_activity_id_activities_id_fk" FOREIGN KEY ("attended_activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrops" ADD CONSTRAINT "airdrops_funder_user_id_users_id_fk" FOREIGN KEY ("funder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_listings" ADD CONSTRAINT "token_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_listings" ADD CONSTRAINT "token_listings_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_listings" ADD CONSTRAINT "token_listings_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "airdrop_signups_airdrop_user_idx" ON "airdrop_signups" USING btree ("airdrop_id","user_id");--> statement-breakpoint
CREATE INDEX "airdrop_signups_user_idx" ON "airdrop_signups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "airdrops_due_idx" ON "airdrops" USING btree ("distribute_at") WHERE "airdrops"."status" <> 'distributed';--> statement-breakpoint
CREATE INDEX "airdrops_status_idx" ON "airdrops" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "token_listings_contract_idx" ON "token_listings" USING btree ("chain_id","contract") WHERE "token_listings"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "token_listings_user_idx" ON "token_listings" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "token_listings_pending_idx" ON "token_listings" USING btree ("id") WHERE "token_listings"."status" = 'pending';