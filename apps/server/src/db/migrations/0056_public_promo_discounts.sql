-- The creator earnings show, per activity, what its promo codes took off (docs/activities.md "Promo codes"). The
-- codes and places are the activity module's; this view is what it offers the earnings' module to read: per
-- activity, code and asset, the places the organizer keeps (approved, or paid into escrow or released), what the
-- code took off and what is left of what they paid.
CREATE VIEW "public_promo_discounts" AS
SELECT r."activity_id", p."code", r."asset_code", count(*)::int AS "tickets", sum(r."discount") AS "discount",
       sum(r."paid" - r."refunded") AS "paid"
FROM "registrations" r JOIN "promo_codes" p ON p."id" = r."promo_code_id"
WHERE r."asset_code" IS NOT NULL AND (r."status" = 'approved' OR r."payment_state" IN ('escrow', 'released'))
GROUP BY r."activity_id", p."code", r."asset_code";
