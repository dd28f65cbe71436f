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
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invite_rewards_inviter_idx" ON "invite_rewards" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "invite_rewards_owed_idx" ON "invite_rewards" USING btree ("qualified_at") WHERE "invite_rewards"."status" = 'owed';