-- 0006: what a batch's results file needs to look like the upload (docs/batch-payouts.md,
-- "Files written back"): the CSV's delimiter (NULL for an .xlsx, and for batches written
-- before this migration: their results file uses ';') and the file's column names in
-- their order (a JSON array; NULL for older batches: their results file takes the order
-- of the rows' [header, cell] pairs). Mirrored by schema.ts.
ALTER TABLE payout_batches ADD COLUMN csv_delimiter text;
ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_csv_delimiter_check CHECK (csv_delimiter IS NULL OR csv_delimiter IN (',', ';'));
ALTER TABLE payout_batches ADD COLUMN columns jsonb;
