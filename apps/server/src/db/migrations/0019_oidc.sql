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
ALTER TABLE "oidc_identities" ADD CONSTRAINT "oidc_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_tickets" ADD CONSTRAINT "oidc_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_identities_subject_idx" ON "oidc_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_identities_user_idx" ON "oidc_identities" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "oidc_states_expires_idx" ON "oidc_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oidc_tickets_expires_idx" ON "oidc_tickets" USING btree ("expires_at");