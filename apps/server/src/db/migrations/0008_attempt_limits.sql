CREATE TABLE "attempt_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
DROP TABLE "auth_failures";
--> statement-breakpoint
ALTER TABLE "trade_passwords" ADD COLUMN "checking" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_passwords" ADD COLUMN "checking_since" timestamp with time zone;
