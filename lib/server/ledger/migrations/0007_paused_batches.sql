-- 0007: the batch worker's "paused batches without a credential" query (finishBatches
-- completes those whose every row has ended: docs/batch-payouts.md, Statuses). A paused
-- batch keeps its seal unless it was paused because the seal no longer opened. Mirrored by schema.ts.
CREATE INDEX payout_batches_paused_idx ON payout_batches (paused_at) WHERE status = 'paused' AND credential_seal IS NULL;
