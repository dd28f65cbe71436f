-- The creator earnings per asset, declared by the master module for the ledger's check to compare with the
-- `creator_earnings` system account (docs/modules.md "Between modules"): the check no longer reads the table.
CREATE VIEW "creator_earnings_by_asset" AS
SELECT "asset_code",
       coalesce(sum("amount") FILTER (WHERE "released_at" IS NULL), 0) AS "unreleased",
       coalesce(sum("amount") FILTER (WHERE "released_at" IS NOT NULL), 0) AS "released"
FROM "creator_earnings" GROUP BY "asset_code";
