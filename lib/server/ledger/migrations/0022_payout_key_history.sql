-- 0022: what a payout's review needs to say "last paid to this key" after the key itself is erased.
-- Mirrored by lib/server/ledger/schema.ts (payoutDestinations).

-- One row per register payout written since this migration: the Pix key's keyed fingerprint (HMAC under a key
-- derived from the session secrets, never the key or a plain hash of it; lib/server/services/payouts/key-fingerprint.ts),
-- written with the intent, and the destination's holder name and paid time as the API reports them when the payout
-- is read. Its own table, so the payouts table (and every query of it) is unchanged. Payouts recorded before this
-- migration have no row and are never found by it.
CREATE TABLE payout_destinations (
  payout_row_id uuid PRIMARY KEY REFERENCES payouts (id) ON DELETE CASCADE,
  business_id text NOT NULL,
  pix_key_fingerprint text NOT NULL,
  holder_name text,
  paid_at timestamptz
);

-- The payouts to one key in one business (the review keeps the newest paid one).
CREATE INDEX payout_destinations_key_idx ON payout_destinations (business_id, pix_key_fingerprint);
