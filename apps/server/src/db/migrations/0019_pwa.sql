CREATE TABLE "client_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"user_id" bigint,
	"device_type" smallint NOT NULL,
	"app_version" text NOT NULL,
	"version_code" integer NOT NULL,
	"os" text,
	"model" text,
	"language" text,
	"screen" text,
	"reports" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_devices_device_id_unique" UNIQUE("device_id")
);
--> statement-breakpoint
ALTER TABLE "client_devices" ADD CONSTRAINT "client_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_devices_version_idx" ON "client_devices" USING btree ("device_type","app_version");