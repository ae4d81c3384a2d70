-- 0005: batch payouts (docs/batch-payouts.md). A batch and every one of its rows
-- are written before anything is sent. A row stays here, with its full Pix key,
-- until the batch worker claims it; the claim turns it into an ordinary payout
-- intent (payouts.batch_id / batch_row_number) in the same transaction and
-- erases the key here, so from then on the sender, the reconciler, the refresher
-- and needs-review treat it as any other payout. Mirrored by schema.ts.

CREATE TABLE payout_batches (
  id                 uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id        text        NOT NULL,
  -- The creation request's Idempotency-Key and a fingerprint of its body.
  idempotency_key    text        NOT NULL,
  request_hash       text        NOT NULL,
  file_name          text        NOT NULL,
  status             text        NOT NULL DEFAULT 'awaiting_confirmation',
  row_count          integer     NOT NULL,
  total_centavos     bigint      NOT NULL,
  -- The credential the worker sends with, sealed by the session layer; only while sending or paused.
  credential_seal    text,
  -- The whole batch waits until then before sending more (a 429 / 503 with Retry-After).
  backoff_until      timestamptz,
  created_by_name    text        NOT NULL,
  created_by_role    text        NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  confirmed_by_name  text,
  confirmed_at       timestamptz,
  paused_by_name     text,
  paused_at          timestamptz,
  cancelled_by_name  text,
  cancelled_at       timestamptz,
  completed_at       timestamptz,
  CONSTRAINT payout_batches_business_idempotency_key_unique UNIQUE (business_id, idempotency_key),
  CONSTRAINT payout_batches_status_check CHECK (status IN ('awaiting_confirmation', 'sending', 'paused', 'completed', 'cancelled')),
  CONSTRAINT payout_batches_row_count_check CHECK (row_count > 0),
  CONSTRAINT payout_batches_total_check CHECK (total_centavos > 0),
  CONSTRAINT payout_batches_credential_seal_check CHECK (credential_seal IS NULL OR status IN ('sending', 'paused', 'cancelled'))
);

CREATE INDEX payout_batches_business_created_idx ON payout_batches (business_id, created_at DESC, id DESC);
-- The worker's "batches with work" query.
CREATE INDEX payout_batches_active_idx ON payout_batches (confirmed_at) WHERE status IN ('sending', 'paused', 'cancelled') AND credential_seal IS NOT NULL;

CREATE TABLE payout_batch_rows (
  batch_id         uuid        NOT NULL REFERENCES payout_batches (id) ON DELETE CASCADE,
  row_number       integer     NOT NULL,
  business_id      text        NOT NULL,
  -- Derived from (batch id, row number): the row's payout's idempotency key upstream.
  idempotency_key  text        NOT NULL,
  -- pending: not sent yet; dispatched: now a payout intent (see payout_id); cancelled: never sent.
  status           text        NOT NULL DEFAULT 'pending',
  amount_centavos  bigint      NOT NULL,
  pix_key_type     text        NOT NULL,
  pix_key_masked   text        NOT NULL,
  -- The full key, needed to write the intent; erased when the row is dispatched or cancelled.
  pix_key          text,
  description      text,
  name             text,
  -- The file's own cells of this row, for the results file: [header, cell] pairs in column order.
  original         jsonb       NOT NULL,
  payout_id        uuid        REFERENCES payouts (id),
  dispatched_at    timestamptz,
  CONSTRAINT payout_batch_rows_pkey PRIMARY KEY (batch_id, row_number),
  CONSTRAINT payout_batch_rows_business_key_unique UNIQUE (business_id, idempotency_key),
  CONSTRAINT payout_batch_rows_status_check CHECK (status IN ('pending', 'dispatched', 'cancelled')),
  CONSTRAINT payout_batch_rows_amount_check CHECK (amount_centavos > 0),
  CONSTRAINT payout_batch_rows_pix_key_check CHECK (pix_key IS NULL OR status = 'pending'),
  CONSTRAINT payout_batch_rows_payout_check CHECK ((status = 'dispatched') = (payout_id IS NOT NULL))
);

-- The worker's "next pending rows of this batch" query.
CREATE INDEX payout_batch_rows_pending_idx ON payout_batch_rows (batch_id, row_number) WHERE status = 'pending';

ALTER TABLE payouts ADD COLUMN batch_id uuid REFERENCES payout_batches (id);
ALTER TABLE payouts ADD COLUMN batch_row_number integer;
ALTER TABLE payouts ADD CONSTRAINT payouts_batch_row_check CHECK ((batch_id IS NULL) = (batch_row_number IS NULL));
CREATE INDEX payouts_batch_idx ON payouts (batch_id, batch_row_number) WHERE batch_id IS NOT NULL;
