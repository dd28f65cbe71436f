-- Avatars were stored as absolute URLs on the server's PUBLIC_URL (http://localhost:<port> when unset), which a page
-- opened at 127.0.0.1 or a LAN address could not show. They are paths on this server now, as new uploads are.
UPDATE "users" SET "avatar" = regexp_replace("avatar", '^https?://[^/]+(/rest/polarisex/activity/image/)', '\1')
WHERE "avatar" ~ '^https?://[^/]+/rest/polarisex/activity/image/';
