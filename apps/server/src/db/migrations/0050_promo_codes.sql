-- Promo codes (docs/activities.md "Promo codes"): an organizer's codes per activity, each a percent off, an
-- amount off or free, for some ticket types or all, with a maximum of uses claimed by a conditional UPDATE, and a
-- validity window. A ticket type may be hidden: only a code for it shows it. A registration keeps the code it
-- used, the discount, and whether it holds one of the code's uses (a waitlisted place claims its use at promotion).
ALTER TABLE "ticket_types" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL REFERENCES "activities"("id"),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off" numeric(78, 0),
	"asset_code" text REFERENCES "assets"("code"),
	"ticket_type_ids" bigint[],
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_by" bigint NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_codes_kind" CHECK ("kind" in ('percent', 'amount', 'free')),
	CONSTRAINT "promo_codes_terms" CHECK (("kind" = 'percent') = ("percent_off" is not null) and ("kind" = 'amount') = ("amount_off" is not null and "asset_code" is not null) and ("percent_off" is null or "percent_off" between 1 and 99) and ("amount_off" is null or "amount_off" > 0)),
	CONSTRAINT "promo_codes_uses" CHECK ("uses" >= 0 and "uses" <= "max_uses" and "max_uses" >= 1),
	CONSTRAINT "promo_codes_window" CHECK ("valid_from" is null or "valid_until" is null or "valid_until" > "valid_from")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_activity_code_idx" ON "promo_codes" ("activity_id", lower("code"));
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "promo_code_id" bigint REFERENCES "promo_codes"("id");
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "discount" numeric(78, 0) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "promo_use_claimed" boolean DEFAULT false NOT NULL;
