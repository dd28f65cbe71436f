-- The PassKit web service (docs/activities.md "Wallet passes"): each pass made of a ticket, with its
-- authenticationToken and update tag, and the phones registered for its updates (their APNs push tokens).
CREATE TABLE "wallet_passes" (
	"serial" text PRIMARY KEY NOT NULL,
	"registration_id" bigint NOT NULL,
	"auth_token" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "wallet_pass_devices" (
	"device_library_id" text NOT NULL,
	"serial" text NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_pass_devices_device_library_id_serial_pk" PRIMARY KEY("device_library_id","serial")
);--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pass_devices" ADD CONSTRAINT "wallet_pass_devices_serial_wallet_passes_serial_fk" FOREIGN KEY ("serial") REFERENCES "public"."wallet_passes"("serial") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_passes_registration_idx" ON "wallet_passes" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "wallet_pass_devices_serial_idx" ON "wallet_pass_devices" USING btree ("serial");
