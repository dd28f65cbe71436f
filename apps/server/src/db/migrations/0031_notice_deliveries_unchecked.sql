-- A delivery row is only ever written in the statement that writes its notice (from that statement's RETURNING), so
-- the foreign key's per-row check proves nothing and cost a third of a blast's statement (docs/notifications.md,
-- "Fan-out near the database"). Deleting an account deletes its deliveries itself (forgetRecipient).
ALTER TABLE "notice_deliveries" DROP CONSTRAINT IF EXISTS "notice_deliveries_notice_id_notices_id_fk";
