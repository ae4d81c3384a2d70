-- 0019: a person's own account: two-step verification set up by the person, and their security history.
-- Mirrored by lib/server/ledger/schema.ts (security_events) and schema-accounts.ts (members).

-- 2FA being set up: the vault's ciphertext of the new TOTP secret (encryptMemberSecret, bound to the member),
-- kept only until the person confirms a code from it or `totp_pending_expires_at` passes. Never sent back to a
-- browser after the setup reply; a new setup replaces it, turning 2FA on clears it.
ALTER TABLE members ADD COLUMN totp_pending_secret_enc text;
ALTER TABLE members ADD COLUMN totp_pending_expires_at timestamptz;

-- The security log becomes each person's history too: whose account an event is about (null for an e-mail with
-- no account, and for rows written before this migration) and the browser's User-Agent, bounded.
-- No foreign key: the log outlives nothing it names and is purged by age alone (housekeeping).
ALTER TABLE security_events ADD COLUMN member_id uuid;
ALTER TABLE security_events ADD COLUMN user_agent text CHECK (char_length(user_agent) <= 300);
CREATE INDEX security_events_member_idx ON security_events (member_id, id) WHERE member_id IS NOT NULL;

-- Successful sign-ins and a person's own 2FA and password changes are recorded as well as failures.
ALTER TABLE security_events DROP CONSTRAINT security_events_kind_check;
ALTER TABLE security_events ADD CONSTRAINT security_events_kind_check
  CHECK (kind IN ('sign_in_failed', 'sign_in_throttled', 'sign_in_succeeded', 'two_factor_enabled',
                  'two_factor_disabled', 'recovery_codes_regenerated', 'password_changed', 'account_change_failed'));
