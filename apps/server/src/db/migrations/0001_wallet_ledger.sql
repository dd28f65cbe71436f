CREATE TABLE "accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"system_code" text,
	"asset_code" text NOT NULL,
	"available" numeric(78, 0) DEFAULT '0' NOT NULL,
	"frozen" numeric(78, 0) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_one_owner" CHECK (("accounts"."user_id" is null) <> ("accounts"."system_code" is null)),
	CONSTRAINT "accounts_available_not_negative" CHECK ("accounts"."available" >= 0 or "accounts"."system_code" = 'chain_clearing'),
	CONSTRAINT "accounts_frozen_not_negative" CHECK ("accounts"."frozen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "asset_networks" (
	"asset_code" text NOT NULL,
	"chain_id" integer NOT NULL,
	"contract" text,
	"deposit_enabled" boolean DEFAULT true NOT NULL,
	"withdraw_enabled" boolean DEFAULT true NOT NULL,
	"withdraw_fee" numeric(78, 0) NOT NULL,
	"withdraw_min" numeric(78, 0) NOT NULL,
	"withdraw_max" numeric(78, 0) NOT NULL,
	"confirmations" integer NOT NULL,
	"red_packet_enabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "asset_networks_asset_code_chain_id_pk" PRIMARY KEY("asset_code","chain_id")
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"decimals" integer NOT NULL,
	"single_address" boolean DEFAULT false NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chains" (
	"id" integer PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"waiting" boolean DEFAULT false NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "chains_symbol_unique" UNIQUE("symbol")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"actor_id" bigint,
	"reference" text,
	"memo" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"asset_code" text NOT NULL,
	"bucket" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "postings_bucket" CHECK ("postings"."bucket" in ('available', 'frozen')),
	CONSTRAINT "postings_nonzero" CHECK ("postings"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_networks" ADD CONSTRAINT "asset_networks_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_networks" ADD CONSTRAINT "asset_networks_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_asset_idx" ON "accounts" USING btree ("user_id","asset_code") WHERE "accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_system_asset_idx" ON "accounts" USING btree ("system_code","asset_code") WHERE "accounts"."system_code" is not null;--> statement-breakpoint
CREATE INDEX "journal_entries_reference_idx" ON "journal_entries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "postings_entry_idx" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id","id");