/**
 * Folding the payouts' hourly summary (migration 0029). Triggers append each write's change to payout_hours, so a
 * busy hour gathers one row per insert and two per status change; housekeeping folds every hour that has such rows
 * into one row per group, so the insights read a few rows an hour (docs/ledger.md, "The hourly summary").
 */
import { sql } from "drizzle-orm";
import type { Ledger } from "./types";

/** Held by the one instance folding at a time (pg_try_advisory_xact_lock); PGlite has one session anyway. */
const FOLD_LOCK = 0x70780029;

/**
 * Replaces the rows of every hour that has rows not yet folded with one row per group (their sums; groups that come
 * to nothing are dropped), in one statement: the rows it deletes are exactly the rows it sums, so a trigger's row
 * appended meanwhile is neither lost nor counted twice. One instance folds at a time: another instance's
 * housekeeping finding the lock taken skips its folding (two foldings deleting the same rows in different orders
 * could deadlock). Returns whether this call folded.
 */
export async function compactPayoutHours(ledger: Ledger): Promise<boolean> {
  return ledger.db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ taken: sql<boolean>`pg_try_advisory_xact_lock(${FOLD_LOCK})` })
      .from(sql`(SELECT 1) AS one`);
    if (!lock?.taken) return false;
    await tx.execute(sql`
      WITH hours AS (
        SELECT DISTINCT business_id, hour FROM payout_hours WHERE NOT compacted
      ), folded AS (
        DELETE FROM payout_hours AS p USING hours AS h
        WHERE p.business_id = h.business_id AND p.hour = h.hour
        RETURNING p.business_id, p.hour, p.state, p.status, p.batched, p.payouts, p.amount_centavos, p.fee_centavos,
                  p.net_centavos
      )
      INSERT INTO payout_hours (business_id, hour, state, status, batched, payouts, amount_centavos, fee_centavos,
                                net_centavos, compacted)
      SELECT business_id, hour, state, status, batched, sum(payouts), sum(amount_centavos), sum(fee_centavos),
             sum(net_centavos), true
      FROM folded
      GROUP BY business_id, hour, state, status, batched
      HAVING sum(payouts) <> 0 OR sum(amount_centavos) <> 0 OR sum(fee_centavos) <> 0 OR sum(net_centavos) <> 0`);
    return true;
  });
}
