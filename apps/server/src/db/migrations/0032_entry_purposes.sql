-- A journal entry keeps what its money moved for (the activity of a ticket, the bounty, the red packet, the airdrop),
-- handed over by the module that posts it, so the wallet's records no longer join those modules' tables
-- (docs/decisions.md, "What a money movement was for").
ALTER TABLE "journal_entries" ADD COLUMN "purpose_type" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "purpose_id" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "purpose_title" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_purpose" CHECK (("journal_entries"."purpose_type" is null and "journal_entries"."purpose_id" is null and "journal_entries"."purpose_title" is null) or ("journal_entries"."purpose_type" in ('activity', 'bounty', 'redpacket', 'airdrop') and "journal_entries"."purpose_id" is not null));--> statement-breakpoint
-- The entries written before: filled once from the modules' tables as they are now (the titles of today, the
-- closest to the time of payment that is left). This one-off backfill is the only place outside their stores that
-- reads those tables; entries written from here on carry what the posting module hands over.
UPDATE "journal_entries" e SET "purpose_type" = 'activity', "purpose_id" = a."code", "purpose_title" = a."title"
FROM "registrations" r JOIN "activities" a ON a."id" = r."activity_id"
WHERE e."reference" ~ '^registration:[0-9]{1,18}$' AND r."id" = split_part(e."reference", ':', 2)::bigint;--> statement-breakpoint
UPDATE "journal_entries" e SET "purpose_type" = 'activity', "purpose_id" = a."code", "purpose_title" = a."title"
FROM "activities" a
WHERE e."reference" ~ '^activity:[0-9]{1,18}$' AND a."id" = split_part(e."reference", ':', 2)::bigint;--> statement-breakpoint
UPDATE "journal_entries" e SET "purpose_type" = 'bounty', "purpose_id" = b."id"::text, "purpose_title" = b."title"
FROM "bounties" b
WHERE e."reference" ~ '^bounty:[0-9]{1,18}$' AND b."id" = split_part(e."reference", ':', 2)::bigint;--> statement-breakpoint
UPDATE "journal_entries" e SET "purpose_type" = 'redpacket', "purpose_id" = p."code", "purpose_title" = NULL
FROM "red_packets" p
WHERE e."reference" ~ '^redpacket:[0-9]{1,18}$' AND p."id" = split_part(e."reference", ':', 2)::bigint;--> statement-breakpoint
UPDATE "journal_entries" e SET "purpose_type" = 'airdrop', "purpose_id" = d."id"::text, "purpose_title" = d."project"
FROM "airdrops" d
WHERE e."reference" ~ '^airdrop:[0-9]{1,18}$' AND d."id" = split_part(e."reference", ':', 2)::bigint;
