-- 0014: the workspace credential vault (lib/server/security/credential-vault/).
-- A workspace (one business) keeps its API key, and optionally a read-only
-- access token, once, encrypted (AES-256-GCM under a key of CREDENTIAL_KEYS,
-- named by key_id; the business id and the kind are its associated data).
-- Mirrored by lib/server/ledger/schema-workspace.ts. A new table: nothing
-- written by earlier versions changes.
--
-- History without old secrets: replacing a credential keeps the old row (who
-- stored which fingerprint, when, until when, who replaced it) but erases its
-- key id, iv and ciphertext in the same statement, so the ledger holds one
-- openable secret per business and kind, never the ones it replaced.
CREATE TABLE workspace_credentials (
  id                bigserial   PRIMARY KEY,
  business_id       text        NOT NULL CHECK (business_id = lower(business_id)),
  -- api_key: X-API-Key. bearer: an access token, sent with X-Business-Id = business_id.
  kind              text        NOT NULL CHECK (kind IN ('api_key', 'bearer')),
  key_id            text,
  -- 96-bit nonce, fresh per encryption.
  iv                bytea       CHECK (octet_length(iv) = 12),
  -- The ciphertext followed by GCM's 16-byte tag.
  ciphertext        bytea       CHECK (octet_length(ciphertext) > 16),
  -- sha256: + 12 hex digits of SHA-256 of the credential, and its last 4 characters (null when it is short): all that is shown.
  fingerprint       text        NOT NULL CHECK (fingerprint ~ '^sha256:[0-9a-f]{12}$'),
  last4             text        CHECK (char_length(last4) = 4),
  created_at        timestamptz NOT NULL DEFAULT now(),
  created_by_name   text        NOT NULL,
  replaced_at       timestamptz,
  replaced_by_name  text,
  CONSTRAINT workspace_credentials_secret_while_current CHECK (
    (replaced_at IS NULL AND key_id IS NOT NULL AND iv IS NOT NULL AND ciphertext IS NOT NULL AND replaced_by_name IS NULL)
    OR (replaced_at IS NOT NULL AND key_id IS NULL AND iv IS NULL AND ciphertext IS NULL)
  )
);
-- One current credential per business and kind.
CREATE UNIQUE INDEX workspace_credentials_current_unique ON workspace_credentials (business_id, kind) WHERE replaced_at IS NULL;
CREATE INDEX workspace_credentials_history_idx ON workspace_credentials (business_id, kind, created_at DESC, id DESC);
