-- The anti-phishing code (docs/security-centre.md, "Anti-phishing code"): one per account, written on the first
-- line of every mail to it, in the language the mail is written in (kept with queued mail).
CREATE TABLE "anti_phishing_codes" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anti_phishing_codes" ADD CONSTRAINT "anti_phishing_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "language" text;
