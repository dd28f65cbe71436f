-- Views the notifications and auth modules declare for the others to read (docs/modules.md "Between modules"):
-- which marker notices a user was sent (user and key only, for the bounty and membership reminders that are sent
-- once), the language a user's outside channels write in (activity mail, push), which rooms a user muted (the
-- chat's unread badge) and whether a session still works (push addresses bound to it); never a notice's content,
-- quiet hours, or a session's token or keys.
CREATE VIEW "notice_markers" AS SELECT "user_id", "key" FROM "notices";--> statement-breakpoint
CREATE VIEW "notice_languages" AS SELECT "user_id", "language" FROM "notice_settings";--> statement-breakpoint
CREATE VIEW "muted_chat_rooms" AS SELECT "user_id", "room_id" FROM "chat_room_mutes";--> statement-breakpoint
CREATE VIEW "session_validity" AS SELECT "id", "expires_at", "revoked_at" FROM "sessions";
