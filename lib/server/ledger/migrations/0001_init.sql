-- 0001: the ledger's first tables. Mirrored by lib/server/ledger/schema.ts.
-- Every table carries business_id; every query of the app filters by it.

-- Payout register: a write-ahead intent recorded before the upstream call,
-- then resolved to submitted / rejected, or left uncertain for the reconciler.
CREATE TABLE payouts (
  id                  uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id         text        NOT NULL,
  idempotency_key     text        NOT NULL,
  state               text        NOT NULL DEFAULT 'intent',
  payout_id           text,
  amount_centavos     bigint      NOT NULL,
  fee_centavos        bigint,
  net_centavos        bigint,
  pix_key_type        text        NOT NULL,
  pix_key_masked      text        NOT NULL,
  request_body        jsonb,
  request_hash        text,
  credential_seal     text,
  status              text,
  failure_reason      text,
  end_to_end_id       text,
  last_request_id     text,
  last_error_code     text,
  last_error_message  text,
  attempts            integer     NOT NULL DEFAULT 0,
  created_by_name     text        NOT NULL,
  created_by_role     text        NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  status_checked_at   timestamptz,
  CONSTRAINT payouts_business_idempotency_key_unique UNIQUE (business_id, idempotency_key),
  CONSTRAINT payouts_state_check CHECK (state IN ('intent', 'submitted', 'rejected', 'uncertain')),
  CONSTRAINT payouts_amount_check CHECK (amount_centavos > 0),
  CONSTRAINT payouts_attempts_check CHECK (attempts >= 0),
  -- The full Pix key lives in request_body only while the outcome is unknown.
  CONSTRAINT payouts_request_body_check CHECK (request_body IS NULL OR state IN ('intent', 'uncertain')),
  -- Likewise the sealed (encrypted) credential the reconciler needs to re-send.
  CONSTRAINT payouts_credential_seal_check CHECK (credential_seal IS NULL OR state IN ('intent', 'uncertain'))
);

CREATE INDEX payouts_business_created_idx ON payouts (business_id, created_at DESC, id DESC);
CREATE INDEX payouts_business_payout_id_idx ON payouts (business_id, payout_id);
CREATE INDEX payouts_unresolved_idx ON payouts (updated_at) WHERE state IN ('intent', 'uncertain');

-- Subaccounts the dashboard has seen or changed (the API cannot read one back).
CREATE TABLE subaccounts (
  business_id             text        NOT NULL,
  subaccount_id           text        NOT NULL,
  name                    text,
  email                   text,
  document                text,
  daily_limit_centavos    bigint,
  monthly_limit_centavos  bigint,
  is_blocked              boolean,
  external_reference      text,
  updated_at              timestamptz NOT NULL DEFAULT now(),
  updated_by_name         text,
  CONSTRAINT subaccounts_pkey PRIMARY KEY (business_id, subaccount_id)
);

-- Who did what, when, and how it ended. The app only ever inserts.
CREATE TABLE audit_log (
  id               bigserial   PRIMARY KEY,
  business_id      text        NOT NULL,
  occurred_at      timestamptz NOT NULL DEFAULT now(),
  actor_name       text        NOT NULL,
  actor_role       text,
  action           text        NOT NULL,
  target_type      text,
  target_id        text,
  before           jsonb,
  after            jsonb,
  idempotency_key  text,
  outcome          text        NOT NULL,
  request_id       text,
  error_code       text,
  error_message    text,
  CONSTRAINT audit_log_outcome_check CHECK (outcome IN ('success', 'failure', 'pending')),
  CONSTRAINT audit_log_action_check CHECK (action ~ '^[a-z_]+\.[a-z_]+$')
);

CREATE INDEX audit_log_business_id_idx ON audit_log (business_id, id DESC);
CREATE INDEX audit_log_business_target_idx ON audit_log (business_id, target_type, target_id, id DESC);
CREATE INDEX audit_log_business_actor_idx ON audit_log (business_id, actor_name, id DESC);
CREATE INDEX audit_log_business_action_idx ON audit_log (business_id, action, id DESC);
CREATE INDEX audit_log_business_occurred_idx ON audit_log (business_id, occurred_at DESC);

-- Signed-out sessions, kept until the session would have expired anyway.
CREATE TABLE revoked_sessions (
  session_id   text        PRIMARY KEY,
  business_id  text        NOT NULL,
  revoked_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);

CREATE INDEX revoked_sessions_expires_idx ON revoked_sessions (expires_at);
