-- A notice is only ever written by `recordNotices`, whose INSERT selects its recipients from `public_users` (alive,
-- not deleted) in the same statement, and users are never deleted (an account deletion marks the row). The foreign
-- key's per-row check (a key-share lock on each recipient's user row) proved nothing more and was 14 % of a blast
-- batch's statement in EXPLAIN ANALYZE (docs/notifications.md, "bench:notify").
ALTER TABLE "notices" DROP CONSTRAINT IF EXISTS "notices_user_id_users_id_fk";
