-- The gates in front of money leaving the wallet (issue 34, docs/wallet.md): the daily limit's claims, the address
-- book with its allowlist and mailed confirmations, and the review of large withdrawals.
ALTER TABLE "withdrawals" ADD COLUMN "value_cents" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "review_note" text;--> statement-breakpoint
CREATE TABLE "withdrawal_daily_usage" (
	"user_id" bigint NOT NULL,
	"day" text NOT NULL,
	"used_cents" bigint NOT NULL,
	CONSTRAINT "withdrawal_daily_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "withdrawal_daily_usage" ADD CONSTRAINT "withdrawal_daily_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "withdrawal_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"usable_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_live" ON "withdrawal_addresses" USING btree ("user_id","chain_id","address") WHERE "withdrawal_addresses"."cancelled_at" is null;--> statement-breakpoint
CREATE TABLE "withdrawal_allowlists" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawal_allowlists" ADD CONSTRAINT "withdrawal_allowlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "address_book_confirmations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"action" text NOT NULL,
	"address_id" bigint,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "address_book_confirmations" ADD CONSTRAINT "address_book_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "address_book_confirmations_token" ON "address_book_confirmations" USING btree ("token_hash");
