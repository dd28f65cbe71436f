CREATE TABLE "vip_memberships" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"tier_code" text NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vip_memberships_period" CHECK ("vip_memberships"."ends_at" > "vip_memberships"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "vip_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"tier_code" text NOT NULL,
	"period" text,
	"asset_code" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"entry_id" bigint NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_tiers" (
	"code" text PRIMARY KEY NOT NULL,
	"rank" integer NOT NULL,
	"asset_code" text NOT NULL,
	"price_month" numeric(78, 0) NOT NULL,
	"price_year" numeric(78, 0) NOT NULL,
	CONSTRAINT "vip_tiers_rank_unique" UNIQUE("rank"),
	CONSTRAINT "vip_tiers_prices" CHECK ("vip_tiers"."price_month" > 0 and "vip_tiers"."price_year" > 0)
);
--> statement-breakpoint
ALTER TABLE "vip_memberships" ADD CONSTRAINT "vip_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_memberships" ADD CONSTRAINT "vip_memberships_tier_code_vip_tiers_code_fk" FOREIGN KEY ("tier_code") REFERENCES "public"."vip_tiers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_orders" ADD CONSTRAINT "vip_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_orders" ADD CONSTRAINT "vip_orders_tier_code_vip_tiers_code_fk" FOREIGN KEY ("tier_code") REFERENCES "public"."vip_tiers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_orders" ADD CONSTRAINT "vip_orders_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_tiers" ADD CONSTRAINT "vip_tiers_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vip_memberships_due_idx" ON "vip_memberships" USING btree ("ends_at") WHERE "vip_memberships"."status" = 'active';--> statement-breakpoint
CREATE INDEX "vip_orders_user_idx" ON "vip_orders" USING btree ("user_id","id");--> statement-breakpoint
INSERT INTO vip_tiers (code, rank, asset_code, price_month, price_year) VALUES ('plus', 1, 'USDT', 9900000, 99000000);--> statement-breakpoint
INSERT INTO vip_tiers (code, rank, asset_code, price_month, price_year) VALUES ('pro', 2, 'USDT', 29900000, 299000000);--> statement-breakpoint
INSERT INTO vip_tiers (code, rank, asset_code, price_month, price_year) VALUES ('max', 3, 'USDT', 99000000, 990000000);
