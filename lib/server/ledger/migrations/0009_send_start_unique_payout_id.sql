-- 0009: when the send now unresolved started (the automatic re-send window counts from it, and a payout found by a
-- person must not be older than it), and one register row at most per upstream payout id. Mirrored by schema.ts.

-- Set to the intent's creation, then again by the sender when a send starts from a clean row (maybe_sent false: a
-- new intent, or a rejected payout sent again); re-sends of an unanswered send keep it. Rows written before this
-- migration count from their creation, as they did.
ALTER TABLE payouts ADD COLUMN send_started_at timestamptz;
UPDATE payouts SET send_started_at = created_at;
ALTER TABLE payouts ALTER COLUMN send_started_at SET DEFAULT now();
ALTER TABLE payouts ALTER COLUMN send_started_at SET NOT NULL;

-- An older version let a person attach one payout id to several rows ("mark handled" with a payout id checked only
-- amount and key type). Such a group cannot all be true, and the unique index below could not be built over it.
-- In each group, the row whose own send got that payout from the API (an audited send answered with that id) keeps
-- it; every other row of the group (all of them when no row or several rows got it from their own send) loses the id
-- and waits for a person again (needs_review, reason shared_payout_id), with an audit entry keeping the id it had.
-- Nothing is deleted, and no row is left saying it was paid by a payout it may not own.
WITH shared AS (
  SELECT p.id, p.business_id, p.idempotency_key, p.payout_id, p.state, p.status,
         EXISTS (
           SELECT 1 FROM audit_log a
           WHERE a.business_id = p.business_id AND a.idempotency_key = p.idempotency_key AND a.target_id = p.payout_id
             AND a.outcome = 'success' AND a.action IN ('payout.create', 'payout.reconcile', 'payout.check_again')
         ) AS from_own_send
  FROM payouts p
  WHERE p.payout_id IS NOT NULL
    AND EXISTS (SELECT 1 FROM payouts o WHERE o.business_id = p.business_id AND o.payout_id = p.payout_id AND o.id <> p.id)
),
owners AS (
  SELECT business_id, payout_id FROM shared WHERE from_own_send GROUP BY business_id, payout_id HAVING count(*) = 1
),
released AS (
  SELECT s.* FROM shared s
  WHERE NOT (s.from_own_send AND EXISTS (SELECT 1 FROM owners w WHERE w.business_id = s.business_id AND w.payout_id = s.payout_id))
),
logged AS (
  INSERT INTO audit_log (business_id, actor_name, actor_role, action, outcome, target_type, target_id, idempotency_key, before, after)
  SELECT business_id, 'ledger migration', 'system', 'payout.review', 'pending', 'payout', payout_id, idempotency_key,
         jsonb_build_object('state', state, 'payout_id', payout_id, 'status', status),
         jsonb_build_object('state', 'needs_review', 'reason', 'shared_payout_id')
  FROM released
  RETURNING id
)
UPDATE payouts SET
  state = 'needs_review',
  payout_id = NULL,
  status = NULL,
  fee_centavos = NULL,
  net_centavos = NULL,
  end_to_end_id = NULL,
  failure_reason = NULL,
  credential_seal = NULL,
  status_checked_at = NULL,
  review_reason = 'shared_payout_id',
  review_since = now(),
  updated_at = now()
FROM released
WHERE payouts.id = released.id;

DROP INDEX payouts_business_payout_id_idx;
CREATE UNIQUE INDEX payouts_business_payout_id_unique ON payouts (business_id, payout_id) WHERE payout_id IS NOT NULL;
