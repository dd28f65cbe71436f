-- Views the owning modules declare for the others to read (docs/modules.md "Between modules"): the public face of
-- an account (the users' modules, db/schema/users.ts) and of an asset (the wallet's, db/schema/wallet.ts).
CREATE VIEW "public_users" AS
SELECT "id", "uid", "uname", "open_name", coalesce("open_name", "uname") AS "name",
       coalesce("open_name", "uname", left(split_part("email", '@', 1), 2) || '***') AS "display_name",
       "avatar", "deleted_at"
FROM "users";--> statement-breakpoint
CREATE VIEW "public_assets" AS SELECT "code", "name", "decimals" FROM "assets";
