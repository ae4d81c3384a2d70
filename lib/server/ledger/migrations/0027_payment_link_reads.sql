-- 0027: what the payment-link snapshots need to stay small and quick. Mirrored by lib/server/ledger/schema.ts
-- (paymentLinkIds, paymentLinkListReads); written by lib/server/ledger/payment-link-counters.ts.

-- Every link the dashboard has a snapshot of, once: "each link's last snapshot at or before an instant" walks these
-- and reads one row per link through payment_link_counters' primary key (a backward scan, LIMIT 1), so a read no
-- longer goes through the whole history.
CREATE TABLE payment_link_ids (
  business_id text NOT NULL,
  link_id text NOT NULL,
  PRIMARY KEY (business_id, link_id)
);
INSERT INTO payment_link_ids (business_id, link_id)
  SELECT DISTINCT business_id, link_id FROM payment_link_counters;

-- The instants at which the whole list was read and recorded (every item readable, with its counters): since a
-- snapshot row is written only when a link's counters changed, a link's last row at or before such an instant is
-- its counters at that instant, and a link with no row then was not in the list.
CREATE TABLE payment_link_list_reads (
  business_id text NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (business_id, read_at)
);
