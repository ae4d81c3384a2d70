-- 0028: the failure reasons ranking of the payout insights reads only the failed and refused payouts of a window.
--
-- payoutReasons (lib/server/ledger/payout-insights.ts) ranks why payouts failed (failure_reason) or were refused
-- before sending (last_error_code). It read every row of the window through payouts_business_created_idx and kept
-- the failed and refused ones: over 90 days of 100,000 payouts on PGlite, 77 ms for a tenth of the rows. This
-- partial index holds those rows only, with what the ranking sums. Its predicate is the one the query states
-- (unsuccessfulSql in lib/server/ledger/payouts.ts), so the planner can see the query implies it: the two are
-- written alike on purpose, and tests/ledger/payout-insights.test.ts checks that the plan uses this index.
-- Mirrored by lib/server/ledger/schema.ts (drizzle's index builder has no INCLUDE: the comment there says so).
CREATE INDEX payouts_business_unsuccessful_idx ON payouts (business_id, created_at DESC)
  INCLUDE (state, status, amount_centavos, failure_reason, last_error_code)
  WHERE state = 'rejected' OR (state = 'submitted' AND status = 'failed');
