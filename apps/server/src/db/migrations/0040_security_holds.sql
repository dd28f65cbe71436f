-- Holds on money leaving an account after a security change, and the owner's freeze (docs/security-centre.md,
-- "Holds after security changes"; issue 34).
CREATE TABLE "security_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	"lifted_note" text
);
--> statement-breakpoint
ALTER TABLE "security_holds" ADD CONSTRAINT "security_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_holds_user" ON "security_holds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "security_holds_one_freeze" ON "security_holds" USING btree ("user_id") WHERE "security_holds"."reason" = 'frozen' and "security_holds"."lifted_at" is null;
