-- 0026: when a named piece of periodic background work last started, so instances sharing the ledger do it once
-- per interval between them (the link-counter watcher: one row per business). Mirrored by
-- lib/server/ledger/schema.ts (backgroundPasses); claimed by lib/server/ledger/background-passes.ts.
CREATE TABLE background_passes (
  name text PRIMARY KEY,
  -- The claiming server's clock (the injected one in tests) when the pass started.
  last_started_at timestamptz NOT NULL
);
