-- 0015: personal accounts (docs/accounts.md). A workspace is a business the dashboard serves; a member is a person
-- (one e-mail, one password, an optional TOTP second factor); a membership gives a person a role in a workspace.
-- Only new tables: nothing written before changes. Mirrored by schema-accounts.ts.
-- auth_epoch (per person) and epoch (per membership) are bumped when the sessions signed in before must end:
-- a password change or a 2FA reset; a role change, a deactivation or a reactivation.

CREATE TABLE workspaces (
  business_id  text        PRIMARY KEY,
  name         text        NOT NULL,
  require_2fa  boolean     NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT workspaces_business_id_lower_check CHECK (business_id = lower(business_id))
);

-- email: trimmed, NFKC, lower case (lib/shared/auth/email.ts); the check keeps a differently-cased twin out.
CREATE TABLE members (
  id                   uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  email                text        NOT NULL,
  name                 text        NOT NULL,
  password_hash        text        NOT NULL,
  password_changed_at  timestamptz NOT NULL DEFAULT now(),
  totp_secret_enc      text,
  totp_enabled_at      timestamptz,
  totp_last_step       bigint,
  auth_epoch           integer     NOT NULL DEFAULT 0,
  created_at           timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT members_email_unique UNIQUE (email),
  CONSTRAINT members_email_lower_check CHECK (email = lower(email) AND email <> ''),
  CONSTRAINT members_totp_check CHECK ((totp_secret_enc IS NULL) = (totp_enabled_at IS NULL))
);

CREATE TABLE memberships (
  business_id  text        NOT NULL REFERENCES workspaces (business_id),
  member_id    uuid        NOT NULL REFERENCES members (id),
  role         text        NOT NULL,
  status       text        NOT NULL DEFAULT 'active',
  epoch        integer     NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT memberships_pkey PRIMARY KEY (business_id, member_id),
  CONSTRAINT memberships_role_check CHECK (role IN ('owner', 'admin', 'operator', 'finance', 'support')),
  CONSTRAINT memberships_status_check CHECK (status IN ('active', 'deactivated'))
);
CREATE INDEX memberships_member_idx ON memberships (member_id);
CREATE INDEX memberships_active_owner_idx ON memberships (business_id) WHERE role = 'owner' AND status = 'active';

-- token_hash: SHA-256 of the token sent in the link; the token itself is never stored.
CREATE TABLE invitations (
  id           uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id  text        NOT NULL REFERENCES workspaces (business_id),
  email        text        NOT NULL,
  role         text        NOT NULL,
  token_hash   text        NOT NULL,
  invited_by   uuid        NOT NULL REFERENCES members (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  accepted_at  timestamptz,
  revoked_at   timestamptz,
  CONSTRAINT invitations_token_hash_unique UNIQUE (token_hash),
  CONSTRAINT invitations_email_lower_check CHECK (email = lower(email) AND email <> ''),
  CONSTRAINT invitations_role_check CHECK (role IN ('owner', 'admin', 'operator', 'finance', 'support'))
);
CREATE INDEX invitations_business_idx ON invitations (business_id, created_at);

CREATE TABLE recovery_codes (
  member_id   uuid        NOT NULL REFERENCES members (id),
  hash        text        NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT recovery_codes_member_hash_unique UNIQUE (member_id, hash)
);

-- First run against a real API: the link printed once in the log while no workspace has an active owner.
CREATE TABLE setup_tokens (
  token_hash  text        PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
