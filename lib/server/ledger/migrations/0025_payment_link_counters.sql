-- 0025: snapshots of the payment links' counters, so the insights can tell the revenue that arrived in a window.
-- Mirrored by lib/server/ledger/schema.ts (paymentLinkCounters).

-- The API's counters are running totals since each link was created; the dashboard keeps what it saw, when it read
-- the list (the insights, the links page): at most one row per link per 15 minutes unless a counter changed
-- (lib/server/ledger/payment-link-counters.ts). `observed_at` is the dashboard's clock at the read.
CREATE TABLE payment_link_counters (
  business_id text NOT NULL,
  link_id text NOT NULL,
  observed_at timestamptz NOT NULL,
  visits bigint NOT NULL,
  checkouts_started bigint NOT NULL,
  sales bigint NOT NULL,
  revenue_centavos bigint NOT NULL,
  PRIMARY KEY (business_id, link_id, observed_at)
);

-- "The business's first snapshot" (observed_since).
CREATE INDEX payment_link_counters_observed_idx ON payment_link_counters (business_id, observed_at);
