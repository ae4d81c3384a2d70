-- 0003: the security log, "sign out everywhere", and the sign-in throttle's
-- counters. Mirrored by lib/server/ledger/schema.ts.

-- Failed and throttled sign-ins. Deliberately outside every business's audit
-- log: nobody has proven who they are yet, so nothing they send may land in a
-- tenant's activity. No caller-chosen text is kept: only what the server saw.
CREATE TABLE security_events (
  id                      bigserial   PRIMARY KEY,
  at                      timestamptz NOT NULL DEFAULT now(),
  kind                    text        NOT NULL CHECK (kind IN ('sign_in_failed', 'sign_in_throttled')),
  -- The reason code (invalid_credentials, credential_not_allowed, business_not_served, sign_in_throttled, …).
  reason                  text        NOT NULL,
  -- The client's address as far as the server can tell (see docs/security.md), and where it came from.
  client_address          text,
  address_source          text        NOT NULL CHECK (address_source IN ('proxy', 'unverified')),
  -- First 16 hex digits of SHA-256 of the presented credential: groups attempts, reveals nothing.
  credential_fingerprint  text,
  credential_kind         text        CHECK (credential_kind IN ('api_key', 'bearer')),
  request_id              text
);
CREATE INDEX security_events_at_idx ON security_events (at);

-- "Sign out everywhere": every session of this scope signed in at or before
-- `revoked_before` is refused. Kept until the longest such session would have
-- expired anyway (`expires_at`), then purged.
CREATE TABLE session_scope_revocations (
  business_id     text        PRIMARY KEY,
  revoked_before  timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL
);
CREATE INDEX session_scope_revocations_expires_idx ON session_scope_revocations (expires_at);

-- Counters of rate-limiter-flexible's Drizzle store (key, points, expire), shared
-- by every instance on this database so a limit holds across them.
CREATE TABLE rate_limits (
  key     text        PRIMARY KEY,
  points  integer     NOT NULL DEFAULT 0,
  expire  timestamptz
);
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);

-- Failed sign-ins used to be written into the audit log of whatever business
-- the caller named. Move them to the security log, where they belong.
INSERT INTO security_events (at, kind, reason, client_address, address_source, credential_fingerprint, credential_kind, request_id)
  SELECT occurred_at, 'sign_in_failed', coalesce(error_code, 'unknown'), NULL, 'unverified', NULL,
         CASE actor_role WHEN 'viewer' THEN 'bearer' WHEN 'operator' THEN 'api_key' END, request_id
  FROM audit_log WHERE action = 'session.sign_in_failed';
DELETE FROM audit_log WHERE action = 'session.sign_in_failed';
