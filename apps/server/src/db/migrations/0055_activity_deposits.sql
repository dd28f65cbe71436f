-- The no-show deposit on free activities (docs/activities.md "No-show deposit"): the organizer's terms, one row per
-- activity, and each place's deposit, whose state changes only by conditional updates (so it settles once).
CREATE TABLE "activity_deposits" (
	"activity_id" bigint PRIMARY KEY NOT NULL,
	"asset_code" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"cancel_by" timestamp with time zone NOT NULL,
	"forfeit" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_deposits_amount" CHECK ("activity_deposits"."amount" > 0),
	CONSTRAINT "activity_deposits_forfeit" CHECK ("activity_deposits"."forfeit" in ('split', 'organizer'))
);--> statement-breakpoint
CREATE TABLE "deposit_holds" (
	"registration_id" bigint PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"asset_code" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"state" text NOT NULL,
	"outcome" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_holds_state" CHECK ("deposit_holds"."state" in ('frozen', 'kept', 'returned', 'forfeited'))
);--> statement-breakpoint
ALTER TABLE "activity_deposits" ADD CONSTRAINT "activity_deposits_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_holds_activity_idx" ON "deposit_holds" USING btree ("activity_id","state");
