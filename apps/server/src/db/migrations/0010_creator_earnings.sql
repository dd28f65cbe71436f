-- Ticket money held in creator earnings after the end (creator_earnings), attendees' full-refund right after an
-- organizer changes the start or the venue (registrations), and the mail queue that notifies them.
CREATE TABLE "mail_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"topic" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "creator_earnings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organizer_id" bigint NOT NULL,
	"activity_id" bigint NOT NULL,
	"asset_code" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"hold_entry_id" bigint NOT NULL,
	"release_entry_id" bigint,
	CONSTRAINT "creator_earnings_amount" CHECK ("creator_earnings"."amount" > 0),
	CONSTRAINT "creator_earnings_released" CHECK (("creator_earnings"."released_at" is null) = ("creator_earnings"."release_entry_id" is null))
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "full_refund_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "full_refund_reason" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_hold_entry_id_journal_entries_id_fk" FOREIGN KEY ("hold_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD CONSTRAINT "creator_earnings_release_entry_id_journal_entries_id_fk" FOREIGN KEY ("release_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_attempt_at","id") WHERE "mail_queue"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_earnings_activity_asset_idx" ON "creator_earnings" USING btree ("activity_id","asset_code");--> statement-breakpoint
CREATE INDEX "creator_earnings_organizer_idx" ON "creator_earnings" USING btree ("organizer_id","id");--> statement-breakpoint
CREATE INDEX "creator_earnings_due_idx" ON "creator_earnings" USING btree ("release_at","id") WHERE "creator_earnings"."released_at" is null;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_full_refund" CHECK (("registrations"."full_refund_until" is null) = ("registrations"."full_refund_reason" is null) and ("registrations"."full_refund_reason" is null or "registrations"."full_refund_reason" in ('timeChanged', 'venueChanged', 'timeAndVenueChanged')));