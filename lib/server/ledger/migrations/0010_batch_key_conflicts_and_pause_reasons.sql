-- 0010: two things a batch could not say truthfully before (docs/batch-payouts.md). Mirrored by schema-batches.ts.
--
-- A row whose idempotency key the worker finds already taken by a payout that is not its own (another batch id,
-- row number or request: a single payout sent with the batch's key before such keys were refused, or any older
-- data) is never linked to that payout: it ends as 'key_conflict', with no payout, nothing sent, and its reason.
ALTER TABLE payout_batch_rows DROP CONSTRAINT payout_batch_rows_status_check;
ALTER TABLE payout_batch_rows ADD CONSTRAINT payout_batch_rows_status_check CHECK (status IN ('pending', 'dispatched', 'cancelled', 'key_conflict'));
ALTER TABLE payout_batch_rows ADD COLUMN failure_reason text;

-- Why the worker paused a batch: 'credential_expired' (its sealed credential no longer opens) or
-- 'credential_refused' (the API answered 401 to it); NULL when a person paused it. Cleared by a resume.
ALTER TABLE payout_batches ADD COLUMN paused_reason text;
ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_paused_reason_check CHECK (paused_reason IS NULL OR paused_reason IN ('credential_expired', 'credential_refused'));
-- Before this migration the worker paused a batch only when its seal no longer opened (and erased the seal).
UPDATE payout_batches SET paused_reason = 'credential_expired' WHERE status = 'paused' AND credential_seal IS NULL AND paused_by_name = 'batch worker';
