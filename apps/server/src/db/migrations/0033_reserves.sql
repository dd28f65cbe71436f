-- Proof of reserves (docs/proof-of-reserves.md): published snapshots, their Merkle sum trees, and whose leaf is whose.
CREATE TABLE "reserve_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"salt" text NOT NULL,
	"algorithm" text NOT NULL,
	"assets" jsonb NOT NULL,
	"leaf_count" integer NOT NULL,
	"root_hash" text NOT NULL,
	"lines" jsonb NOT NULL,
	"short_assets" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reserve_nodes" (
	"snapshot_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"sums" jsonb NOT NULL,
	CONSTRAINT "reserve_nodes_snapshot_id_level_position_pk" PRIMARY KEY("snapshot_id","level","position")
);
--> statement-breakpoint
CREATE TABLE "reserve_leaves" (
	"snapshot_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "reserve_leaves_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "reserve_nodes" ADD CONSTRAINT "reserve_nodes_snapshot_id_reserve_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserve_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_leaves" ADD CONSTRAINT "reserve_leaves_snapshot_id_reserve_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserve_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_leaves" ADD CONSTRAINT "reserve_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
