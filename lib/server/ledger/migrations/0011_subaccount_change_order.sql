-- 0011: the order of subaccount changes, so a late replay of an older change never moves the known state back
-- (docs/ledger.md, "Subaccounts"). The API cannot read a subaccount and its answers carry no documented time, so the
-- ledger numbers its own calls: each change call (update or blocked, per idempotency key) takes the next number of
-- subaccount_change_seq before it is sent; subaccount_change_requests.seq keeps, per key, the number of the latest
-- call that may have made the change, and subaccounts.known_change_seq the number of the change the known state
-- holds. A replayed answer of a key whose seq is below known_change_seq describes an older state: not applied.
-- Mirrored by schema.ts.
CREATE SEQUENCE subaccount_change_seq;

CREATE TABLE subaccount_change_requests (
  business_id         text        NOT NULL,
  subaccount_id       text        NOT NULL,
  endpoint            text        NOT NULL,
  idempotency_key     text        NOT NULL,
  seq                 bigint      NOT NULL,
  first_attempted_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT subaccount_change_requests_pkey PRIMARY KEY (business_id, subaccount_id, endpoint, idempotency_key),
  CONSTRAINT subaccount_change_requests_endpoint_check CHECK (endpoint IN ('update', 'blocked'))
);

ALTER TABLE subaccounts ADD COLUMN known_change_seq bigint;

-- Keys written before this migration are numbered from the audit log: by their first recorded success (the order the
-- API applied them, one at a time under the subaccount's lease), else by their first entry (a lost answer's failure).
INSERT INTO subaccount_change_requests (business_id, subaccount_id, endpoint, idempotency_key, seq, first_attempted_at)
SELECT business_id, target_id, endpoint, idempotency_key, row_number() OVER (ORDER BY position), first_at
FROM (
  SELECT business_id, target_id,
         CASE action WHEN 'subaccount.update' THEN 'update' ELSE 'blocked' END AS endpoint,
         idempotency_key,
         coalesce(min(id) FILTER (WHERE outcome = 'success'), min(id)) AS position,
         min(occurred_at) AS first_at
  FROM audit_log
  WHERE action IN ('subaccount.update', 'subaccount.block', 'subaccount.unblock')
    AND target_id IS NOT NULL AND idempotency_key IS NOT NULL AND idempotency_key <> ''
  GROUP BY business_id, target_id, CASE action WHEN 'subaccount.update' THEN 'update' ELSE 'blocked' END, idempotency_key
) audited;

SELECT setval('subaccount_change_seq', coalesce((SELECT max(seq) FROM subaccount_change_requests), 0) + 1, false);

-- The known state of each subaccount is the answer of its latest recorded success.
UPDATE subaccounts
SET known_change_seq = r.seq
FROM (
  SELECT DISTINCT ON (business_id, target_id) business_id, target_id,
         CASE action WHEN 'subaccount.update' THEN 'update' ELSE 'blocked' END AS endpoint,
         idempotency_key
  FROM audit_log
  WHERE outcome = 'success' AND action IN ('subaccount.update', 'subaccount.block', 'subaccount.unblock')
    AND target_id IS NOT NULL AND idempotency_key IS NOT NULL AND idempotency_key <> ''
  ORDER BY business_id, target_id, id DESC
) latest
JOIN subaccount_change_requests r
  ON r.business_id = latest.business_id AND r.subaccount_id = latest.target_id
 AND r.endpoint = latest.endpoint AND r.idempotency_key = latest.idempotency_key
WHERE subaccounts.business_id = latest.business_id AND subaccounts.subaccount_id = latest.target_id;

-- A replay of an older change that the dashboard answered without applying (it keeps the newer known state).
ALTER TABLE audit_log DROP CONSTRAINT audit_log_outcome_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_outcome_check CHECK (outcome IN ('success', 'failure', 'pending', 'replayed_older'));
