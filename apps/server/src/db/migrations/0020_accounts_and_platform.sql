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
CREATE TABLE "captcha_solutions" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"user_id" bigint,
	"device_type" smallint NOT NULL,
	"app_version" text NOT NULL,
	"version_code" integer NOT NULL,
	"os" text,
	"model" text,
	"language" text,
	"screen" text,
	"reports" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_devices_device_id_unique" UNIQUE("device_id")
);
--> statement-breakpoint
CREATE TABLE "kyc_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"selected_level" integer NOT NULL,
	"approved_level" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"legal_name" text,
	"country" text,
	"id_type" text,
	"id_number_sealed" text,
	"id_number_last4" text,
	"front_file" text,
	"back_file" text,
	"selfie_file" text,
	"reject_reason" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"e164" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_phones" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"area_code" text NOT NULL,
	"e164" text NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_phones_e164_unique" UNIQUE("e164")
);
--> statement-breakpoint
CREATE TABLE "invite_rewards" (
	"invitee_id" bigint PRIMARY KEY NOT NULL,
	"inviter_id" bigint,
	"trigger" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"asset_code" text NOT NULL,
	"inviter_amount" numeric(78, 0) NOT NULL,
	"invitee_amount" numeric(78, 0) NOT NULL,
	"entry_id" bigint,
	"qualified_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invite_rewards_inviter" CHECK (("invite_rewards"."inviter_id" is null) = ("invite_rewards"."status" = 'none'))
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
CREATE TABLE "oidc_identities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" bigint NOT NULL,
	"email" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_states" (
	"state" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"browser_key_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"browser_key_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
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
ALTER TABLE "client_devices" ADD CONSTRAINT "client_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD CONSTRAINT "kyc_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_phones" ADD CONSTRAINT "user_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_listings" ADD CONSTRAINT "token_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_listings" ADD CONSTRAINT "token_listings_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_listings" ADD CONSTRAINT "token_listings_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_identities" ADD CONSTRAINT "oidc_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_tickets" ADD CONSTRAINT "oidc_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "airdrop_signups_airdrop_user_idx" ON "airdrop_signups" USING btree ("airdrop_id","user_id");--> statement-breakpoint
CREATE INDEX "airdrop_signups_user_idx" ON "airdrop_signups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "airdrops_due_idx" ON "airdrops" USING btree ("distribute_at") WHERE "airdrops"."status" <> 'distributed';--> statement-breakpoint
CREATE INDEX "airdrops_status_idx" ON "airdrops" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "captcha_solutions_expires_idx" ON "captcha_solutions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "client_devices_version_idx" ON "client_devices" USING btree ("device_type","app_version");--> statement-breakpoint
CREATE INDEX "kyc_profiles_state_idx" ON "kyc_profiles" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE INDEX "phone_codes_user_idx" ON "phone_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "invite_rewards_inviter_idx" ON "invite_rewards" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "invite_rewards_owed_idx" ON "invite_rewards" USING btree ("qualified_at") WHERE "invite_rewards"."status" = 'owed';--> statement-breakpoint
CREATE UNIQUE INDEX "token_listings_contract_idx" ON "token_listings" USING btree ("chain_id","contract") WHERE "token_listings"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "token_listings_user_idx" ON "token_listings" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "token_listings_pending_idx" ON "token_listings" USING btree ("id") WHERE "token_listings"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_identities_subject_idx" ON "oidc_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_identities_user_idx" ON "oidc_identities" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "oidc_states_expires_idx" ON "oidc_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oidc_tickets_expires_idx" ON "oidc_tickets" USING btree ("expires_at");