-- 0016: the second step of a person's sign-in (lib/server/services/session/person-sign-in.ts). A challenge proves
-- the password step passed: only the SHA-256 of its random token is kept, with the person, their auth_epoch then,
-- its expiry and how many code attempts it has left. Only a new table and a wider check: nothing written before
-- changes. Mirrored by schema-accounts.ts and schema.ts.

CREATE TABLE sign_in_challenges (
  token_hash     text        PRIMARY KEY,
  member_id      uuid        NOT NULL REFERENCES members (id),
  auth_epoch     integer     NOT NULL,
  attempts_left  integer     NOT NULL,
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  CONSTRAINT sign_in_challenges_attempts_check CHECK (attempts_left >= 0)
);
CREATE INDEX sign_in_challenges_expires_idx ON sign_in_challenges (expires_at);

-- A person's failed sign-in is logged with what was tried: the password, a TOTP code or a recovery code.
ALTER TABLE security_events DROP CONSTRAINT security_events_credential_kind_check;
ALTER TABLE security_events ADD CONSTRAINT security_events_credential_kind_check
  CHECK (credential_kind IN ('api_key', 'bearer', 'password', 'totp', 'recovery_code'));
