-- 0004: sealed credentials get a key of their own (derived from each SESSION_SECRET
-- for intent seals only, lib/server/session/credential-seal.ts) and live only as long as
-- the automatic re-send window. Seals written by earlier versions used the session
-- cookie's key and a 7-day limit, and cannot be opened any more: erase them.
-- An unresolved payout that loses its seal here waits for a person (needs review,
-- "credential unavailable") from the reconciler's next pass; a submitted one is no
-- longer looked up in the background (opening it shows its status).
UPDATE payouts SET credential_seal = NULL WHERE credential_seal IS NOT NULL;
