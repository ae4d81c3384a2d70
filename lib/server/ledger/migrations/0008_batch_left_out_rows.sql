-- 0008: the rows of the uploaded file that the operator did not include in the batch (left out, or invalid and
-- left out rather than fixed), so the results file lists every row of the upload (docs/batch-payouts.md, "Files
-- written back"). A JSON array of { "rowNumber", "reason": "excluded" | "invalid", "original": [[header, cell], …] };
-- NULL for batches written before this migration and for a client that did not send them. Kept on the batch, not
-- as payout_batch_rows: the worker, claims, counts and totals never see them. Mirrored by schema-batches.ts.
ALTER TABLE payout_batches ADD COLUMN left_out_rows jsonb;
