-- 0002: the payout lifecycle with a needs-review state, one-send-at-a-time leases,
-- and a follow-up seal for the background status refresher. Mirrored by lib/server/ledger/schema.ts.

-- A lease names one thing that at most one holder may be doing at a time across
-- every instance sharing this database (e.g. "payout:<business>:<key>": sending
-- that payout). A holder renews it while working and deletes it when done; an
-- expired lease (its holder died) may be taken over.
CREATE TABLE ledger_leases (
  name         text        PRIMARY KEY,
  owner        text        NOT NULL,
  acquired_at  timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);

CREATE INDEX ledger_leases_expires_idx ON ledger_leases (expires_at);

ALTER TABLE payouts DROP CONSTRAINT payouts_state_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_state_check
  CHECK (state IN ('intent', 'uncertain', 'needs_review', 'submitted', 'rejected', 'handled'));

-- True once a send was started whose outcome was not a definite "nothing was made".
-- After that, only a definite answer about the key (a payout) may resolve the row.
ALTER TABLE payouts ADD COLUMN maybe_sent boolean NOT NULL DEFAULT false;
-- Sends started for this key, by anyone (the request, a retry, the reconciler).
ALTER TABLE payouts ADD COLUMN sends integer NOT NULL DEFAULT 0;
ALTER TABLE payouts ADD COLUMN review_reason text;
ALTER TABLE payouts ADD COLUMN review_since timestamptz;
ALTER TABLE payouts ADD COLUMN handled_by_name text;
ALTER TABLE payouts ADD COLUMN handled_at timestamptz;
ALTER TABLE payouts ADD COLUMN handled_note text;
ALTER TABLE payouts ADD CONSTRAINT payouts_sends_check CHECK (sends >= 0);

-- Rows left unresolved by an older version may have been sent.
UPDATE payouts SET maybe_sent = true WHERE state IN ('intent', 'uncertain');

-- The full body stays while a person may still "check again" with it.
ALTER TABLE payouts DROP CONSTRAINT payouts_request_body_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_request_body_check
  CHECK (request_body IS NULL OR state IN ('intent', 'uncertain', 'needs_review'));
-- The sealed credential stays for automatic re-sends, and on a submitted payout
-- while the refresher follows its status; never on a row waiting for a person.
ALTER TABLE payouts DROP CONSTRAINT payouts_credential_seal_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_credential_seal_check
  CHECK (credential_seal IS NULL OR state IN ('intent', 'uncertain', 'submitted'));

CREATE INDEX payouts_attention_idx ON payouts (business_id, state) WHERE state IN ('intent', 'uncertain', 'needs_review');
CREATE INDEX payouts_follow_up_idx ON payouts (status_checked_at) WHERE state = 'submitted' AND credential_seal IS NOT NULL;
