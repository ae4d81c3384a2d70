-- 0023: a payout's destination is kept in one place, its row of payouts. Mirrored by lib/server/ledger/schema.ts
-- (payouts). Until now the holder name was written twice from the same read (payouts.holder_name, 0021, and
-- payout_destinations.holder_name, 0022) and the paid time lived apart from the status it belongs to.
--
-- pix_key_fingerprint: the Pix key's keyed fingerprint (HMAC under a key derived from the session secrets, never the
-- key or a plain hash of it; lib/server/services/payouts/key-fingerprint.ts), written with the intent. Null for rows
-- recorded before 0022 (their key was never fingerprinted and is erased): "last paid to" never finds them.
ALTER TABLE payouts ADD COLUMN pix_key_fingerprint text CHECK (char_length(pix_key_fingerprint) <= 100);

-- paid_at: when the payout was paid, only as a read of the payout (GET /v1/payouts/{id}) states it in its own
-- paid_at field of a paid payout. The contract lists no such field, so it may stay null for good; it is never
-- filled with the creation time or any other time.
ALTER TABLE payouts ADD COLUMN paid_at timestamptz;

-- What payout_destinations held moves to its payout: the fingerprint and the paid time, and the holder name where the
-- payout has none (both came from the same read; the payout's own is kept).
UPDATE payouts p
SET pix_key_fingerprint = d.pix_key_fingerprint,
    paid_at = d.paid_at,
    holder_name = coalesce(p.holder_name, left(d.holder_name, 200))
FROM payout_destinations d
WHERE d.payout_row_id = p.id AND d.business_id = p.business_id;

DROP TABLE payout_destinations;

-- "Last paid to this key" (lastPaidToKey): a business's payouts to one fingerprint, newest first by when they were
-- paid; a paid payout whose paid time is not known counts from its creation (it was paid no earlier), so it is
-- neither hidden behind an older known payment nor shown with that time.
CREATE INDEX payouts_key_paid_idx ON payouts (business_id, pix_key_fingerprint, (coalesce(paid_at, created_at)) DESC)
  WHERE pix_key_fingerprint IS NOT NULL;
