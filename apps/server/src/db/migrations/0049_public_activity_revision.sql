-- Calendar feeds (an organizer's, a city's, and each person's own) carry an activity's SEQUENCE, the same number
-- its mailed invitations carry, so a subscribed calendar replaces the event when its time or venue changes
-- (docs/activities.md "Calendar feeds"). The view gains the revision and when the activity last changed; the
-- columns before them stay as they were, as CREATE OR REPLACE VIEW requires.
CREATE OR REPLACE VIEW "public_activities" AS
SELECT "id", "code", "organizer_id", "status", "visibility", "title", "starts_at", "ends_at", "timezone", "city",
       "address", "online_url" IS NOT NULL AS "online", "created_at", "calendar_sequence", "updated_at"
FROM "activities";
