-- 0029: the register's payouts counted and summed by UTC hour, so the insights' long windows read a few rows an hour
-- instead of every payout.
--
-- payout_hours holds, per business and UTC hour of created_at, the count and the sums (amount, fee, net) of the
-- payouts of each state, status and batched-or-not: what the insights' series groups by (outcome, fee and net of the
-- rows whose fee counts, the batches' share; lib/server/ledger/payout-insights.ts). Triggers on payouts keep it by
-- appending changes, never updating a row in place, so two writers never wait on one summary row and cannot deadlock
-- on it: each statement that inserts or deletes payouts appends its rows (grouped; negative for deletes), each
-- updated row whose summed columns changed appends itself as it was (negative) and as it is. So a group may have
-- several rows; the insights sum them. Housekeeping folds each hour's rows into one per group (compactPayoutHours in
-- lib/server/ledger/payout-hours.ts; `compacted` marks the folded ones). TRUNCATE of payouts empties it.
--
-- Sums are numeric: a summary row must never refuse a payout's write by overflowing; the insights refuse a total
-- past 2^53 as before. Hours are date_bin over UTC, whatever the session's time zone. The functions keep the
-- search_path they were created with (the ledger's schema), whatever the writing session's. Triggers do not fire
-- under session_replication_role = replica or once disabled: docs/ledger.md says how to rebuild the summary then.
-- Mirrored by lib/server/ledger/schema.ts (payoutHours).
CREATE TABLE payout_hours (
  business_id     text        NOT NULL,
  hour            timestamptz NOT NULL,
  state           text        NOT NULL,
  status          text,
  batched         boolean     NOT NULL,
  payouts         bigint      NOT NULL,
  amount_centavos numeric     NOT NULL,
  fee_centavos    numeric     NOT NULL,
  net_centavos    numeric     NOT NULL,
  compacted       boolean     NOT NULL DEFAULT false
);

CREATE INDEX IF NOT EXISTS payout_hours_business_hour_idx ON payout_hours (business_id, hour)
  INCLUDE (state, status, batched, payouts, amount_centavos, fee_centavos, net_centavos);

CREATE INDEX IF NOT EXISTS payout_hours_uncompacted_idx ON payout_hours (business_id, hour) WHERE NOT compacted;

-- Inserts and deletes: each statement appends its rows, grouped (a batch's thousand rows are a few summary rows).
CREATE FUNCTION payout_hours_append() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payout_hours (business_id, hour, state, status, batched, payouts, amount_centavos, fee_centavos,
                              net_centavos)
    SELECT business_id, date_bin('1 hour', created_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), state, status,
           batch_id IS NOT NULL, count(*), sum(amount_centavos), coalesce(sum(fee_centavos), 0),
           coalesce(sum(net_centavos), 0)
    FROM new_rows
    GROUP BY 1, 2, 3, 4, 5;
  ELSE
    INSERT INTO payout_hours (business_id, hour, state, status, batched, payouts, amount_centavos, fee_centavos,
                              net_centavos)
    SELECT business_id, date_bin('1 hour', created_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), state, status,
           batch_id IS NOT NULL, -count(*), -sum(amount_centavos), -coalesce(sum(fee_centavos), 0),
           -coalesce(sum(net_centavos), 0)
    FROM old_rows
    GROUP BY 1, 2, 3, 4, 5;
  END IF;
  RETURN NULL;
END
$$;

-- Updates: a row whose summed columns changed appends itself as it was, taken away, and as it is now. The trigger's
-- WHEN is checked before any function runs, so the frequent updates that change nothing summed (a status check's
-- stamp, a lease) cost nothing here.
CREATE FUNCTION payout_hours_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO payout_hours (business_id, hour, state, status, batched, payouts, amount_centavos, fee_centavos,
                            net_centavos)
  VALUES
    (OLD.business_id, date_bin('1 hour', OLD.created_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), OLD.state,
     OLD.status, OLD.batch_id IS NOT NULL, -1, -OLD.amount_centavos, -coalesce(OLD.fee_centavos, 0),
     -coalesce(OLD.net_centavos, 0)),
    (NEW.business_id, date_bin('1 hour', NEW.created_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), NEW.state,
     NEW.status, NEW.batch_id IS NOT NULL, 1, NEW.amount_centavos, coalesce(NEW.fee_centavos, 0),
     coalesce(NEW.net_centavos, 0));
  RETURN NULL;
END
$$;

CREATE FUNCTION payout_hours_truncate() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM payout_hours;
  RETURN NULL;
END
$$;

CREATE TRIGGER payout_hours_insert AFTER INSERT ON payouts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payout_hours_append();

CREATE TRIGGER payout_hours_update AFTER UPDATE ON payouts FOR EACH ROW
  WHEN (OLD.business_id IS DISTINCT FROM NEW.business_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
        OR OLD.state IS DISTINCT FROM NEW.state OR OLD.status IS DISTINCT FROM NEW.status
        OR (OLD.batch_id IS NULL) <> (NEW.batch_id IS NULL) OR OLD.amount_centavos IS DISTINCT FROM NEW.amount_centavos
        OR OLD.fee_centavos IS DISTINCT FROM NEW.fee_centavos OR OLD.net_centavos IS DISTINCT FROM NEW.net_centavos)
  EXECUTE FUNCTION payout_hours_change();

CREATE TRIGGER payout_hours_delete AFTER DELETE ON payouts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payout_hours_append();

CREATE TRIGGER payout_hours_truncate AFTER TRUNCATE ON payouts
  FOR EACH STATEMENT EXECUTE FUNCTION payout_hours_truncate();

-- The payouts already recorded, one row per group (folded).
INSERT INTO payout_hours (business_id, hour, state, status, batched, payouts, amount_centavos, fee_centavos,
                          net_centavos, compacted)
SELECT business_id, date_bin('1 hour', created_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), state, status,
       batch_id IS NOT NULL, count(*), sum(amount_centavos), coalesce(sum(fee_centavos), 0),
       coalesce(sum(net_centavos), 0), true
FROM payouts
GROUP BY 1, 2, 3, 4, 5;
