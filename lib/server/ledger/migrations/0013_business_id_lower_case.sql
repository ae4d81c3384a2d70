-- 0013: a business id is a UUID, and a UUID names the same business in any case.
-- The app now lower-cases every business id once, where it enters
-- (lib/shared/schemas/business-id.ts). Rows written before that under an id in
-- capitals (a viewer who typed it so, PAYMENTS_BUSINESS_ID set so) move to the
-- lower-case id, so their business still sees them. No data changes otherwise.
-- A row whose lower-case twin already holds the same unique key stays where it
-- is (never merged over, never lost, and the migration cannot fail on it).
-- Ids of other shapes (an API key's own scope, key_…) are left alone.

UPDATE audit_log SET business_id = lower(business_id)
  WHERE business_id <> lower(business_id) AND business_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

UPDATE revoked_sessions SET business_id = lower(business_id)
  WHERE business_id <> lower(business_id) AND business_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

UPDATE payouts p SET business_id = lower(p.business_id)
  WHERE p.business_id <> lower(p.business_id) AND p.business_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    AND NOT EXISTS (SELECT 1 FROM payouts q WHERE lower(q.business_id) = lower(p.business_id) AND q.idempotency_key = p.idempotency_key AND q.id <> p.id)
    AND NOT EXISTS (SELECT 1 FROM payouts q WHERE lower(q.business_id) = lower(p.business_id) AND q.payout_id = p.payout_id AND q.id <> p.id);

UPDATE subaccounts s SET business_id = lower(s.business_id)
  WHERE s.business_id <> lower(s.business_id) AND s.business_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    AND NOT EXISTS (SELECT 1 FROM subaccounts t WHERE lower(t.business_id) = lower(s.business_id) AND t.subaccount_id = s.subaccount_id AND t.business_id <> s.business_id);

UPDATE subaccount_change_requests r SET business_id = lower(r.business_id)
  WHERE r.business_id <> lower(r.business_id) AND r.business_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    AND NOT EXISTS (SELECT 1 FROM subaccount_change_requests t WHERE t.business_id = lower(r.business_id) AND t.subaccount_id = r.subaccount_id AND t.endpoint = r.endpoint AND t.idempotency_key = r.idempotency_key);

UPDATE payout_batches b SET business_id = lower(b.business_id)
  WHERE b.business_id <> lower(b.business_id) AND b.business_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    AND NOT EXISTS (SELECT 1 FROM payout_batches c WHERE lower(c.business_id) = lower(b.business_id) AND c.idempotency_key = b.idempotency_key AND c.id <> b.id);

UPDATE payout_batch_rows r SET business_id = lower(r.business_id)
  WHERE r.business_id <> lower(r.business_id) AND r.business_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    AND NOT EXISTS (
      SELECT 1 FROM payout_batch_rows o
      WHERE lower(o.business_id) = lower(r.business_id) AND o.idempotency_key = r.idempotency_key AND (o.batch_id, o.row_number) <> (r.batch_id, r.row_number)
    );

-- "Sign out everywhere" rows merge: the later line and the longer life win.
INSERT INTO session_scope_revocations (business_id, revoked_before, expires_at)
  SELECT lower(business_id), max(revoked_before), max(expires_at) FROM session_scope_revocations
  WHERE business_id <> lower(business_id) AND business_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  GROUP BY lower(business_id)
ON CONFLICT (business_id) DO UPDATE SET
  revoked_before = greatest(session_scope_revocations.revoked_before, excluded.revoked_before),
  expires_at = greatest(session_scope_revocations.expires_at, excluded.expires_at);

DELETE FROM session_scope_revocations
  WHERE business_id <> lower(business_id) AND business_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
