-- 0021: the name of the holder of the account a payout went to, as the API names it when the payout is read
-- (bank_account.holder_name of GET /v1/payouts/{id}). Mirrored by lib/server/ledger/schema.ts (payouts).
-- Null until the dashboard first reads the payout back (the create answer does not carry it), and for rows written
-- before this migration until their next read. The register's date range uses payouts_business_created_idx.
ALTER TABLE payouts ADD COLUMN holder_name text CHECK (char_length(holder_name) <= 200);
