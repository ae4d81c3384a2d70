-- 0020: indexes for rows without a credential seal, and the workspace a security event happened in.
-- Mirrored by lib/server/ledger/schema.ts (payouts, security_events) and schema-batches.ts (payout_batches).

-- New payouts and batches keep no sealed credential (the background jobs use the workspace's), so the partial
-- indexes that required a seal no longer cover the rows their queries look for: the refresher's follow-ups
-- (submitted, status pending or not yet known) and the batch worker's batches.
DROP INDEX IF EXISTS payouts_follow_up_idx;
CREATE INDEX payouts_follow_up_idx ON payouts (status_checked_at)
  WHERE state = 'submitted' AND (status IS NULL OR status = 'pending');
DROP INDEX IF EXISTS payout_batches_active_idx;
CREATE INDEX payout_batches_active_idx ON payout_batches (confirmed_at)
  WHERE status IN ('sending', 'paused', 'cancelled');

-- A person's account spans workspaces; a sign-in opens one of them. The workspace (business id) a successful
-- sign-in opened is recorded, so a workspace's owners and admins see a member's events in their own workspace
-- and the person's account events (null here), never the sign-ins into another workspace. Rows written before
-- this migration have none, and count as account events.
ALTER TABLE security_events ADD COLUMN business_id text;
