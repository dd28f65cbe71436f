-- Views the activity, chat and people modules declare for the others to read (docs/modules.md "Between
-- modules"), so bounty, calendar, red packet, master and airdrop stop reading their tables. Only what those
-- readers need and anyone may know: an activity's public fields (whether it is online, never its link, secret
-- or questions), a place's attendance (never its code, payment or answers), who co-hosts or holds a co-host
-- share (never the share), who is a room's member (the banned left out; never read marks or mutes) and who
-- follows whom.
CREATE VIEW "public_activities" AS
SELECT "id", "code", "organizer_id", "status", "visibility", "title", "starts_at", "ends_at", "timezone", "city",
       "address", "online_url" IS NOT NULL AS "online", "created_at"
FROM "activities";--> statement-breakpoint
CREATE VIEW "activity_attendance" AS
SELECT "activity_id", "user_id", "status", "checked_in_at" IS NOT NULL AS "checked_in", "created_at"
FROM "registrations";--> statement-breakpoint
CREATE VIEW "public_activity_cohosts" AS SELECT "activity_id", "user_id" FROM "activity_cohosts";--> statement-breakpoint
CREATE VIEW "cohost_shareholders" AS SELECT "activity_id", "user_id" FROM "activity_cohost_shares";--> statement-breakpoint
CREATE VIEW "chat_room_members" AS SELECT "room_id", "user_id", "role" FROM "chat_members" WHERE NOT "banned";--> statement-breakpoint
CREATE VIEW "public_follows" AS SELECT "follower_id", "followee_id" FROM "user_follows";
