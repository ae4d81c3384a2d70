import { and, asc, desc, eq, gt, lte, min } from "drizzle-orm";
import { paymentLinkCounters } from "./schema";
import type { Ledger } from "./types";

/**
 * Snapshots of the payment links' counters (migration 0025). The API only gives running totals since each link
 * was created, so the revenue that arrived in a window is the difference between two snapshots the dashboard took
 * itself (docs/insights.md, "Payment links").
 */

/** A link's counters as the API's list gave them. */
export interface LinkCounters {
  linkId: string;
  visits: number;
  checkoutsStarted: number;
  sales: number;
  revenueCentavos: number;
}

/** One stored snapshot. */
export interface LinkCounterSnapshot extends LinkCounters {
  observedAt: Date;
}

/** A link's counters are written again, unchanged, once its last snapshot is at least this old. */
export const COUNTER_SNAPSHOT_GAP_MS = 15 * 60_000;

/** Rows per INSERT (7 parameters each: far below PostgreSQL's 65,535). */
const INSERT_CHUNK = 1_000;

const snapshotColumns = {
  linkId: paymentLinkCounters.linkId,
  observedAt: paymentLinkCounters.observedAt,
  visits: paymentLinkCounters.visits,
  checkoutsStarted: paymentLinkCounters.checkoutsStarted,
  sales: paymentLinkCounters.sales,
  revenueCentavos: paymentLinkCounters.revenueCentavos,
};

/** Each link's last snapshot taken at or before `at` (all of them when `at` is null), by link id. */
export async function linkCountersAt(
  ledger: Ledger,
  businessId: string,
  at: Date | null,
): Promise<Map<string, LinkCounterSnapshot>> {
  const rows = await ledger.db
    .selectDistinctOn([paymentLinkCounters.linkId], snapshotColumns)
    .from(paymentLinkCounters)
    .where(
      and(eq(paymentLinkCounters.businessId, businessId), at ? lte(paymentLinkCounters.observedAt, at) : undefined),
    )
    .orderBy(asc(paymentLinkCounters.linkId), desc(paymentLinkCounters.observedAt));
  return new Map(rows.map((row) => [row.linkId, row]));
}

/** When the dashboard first took a snapshot of the business's links; null when it never has. */
export async function firstLinkCounterObservation(ledger: Ledger, businessId: string): Promise<Date | null> {
  const [row] = await ledger.db
    .select({ first: min(paymentLinkCounters.observedAt) })
    .from(paymentLinkCounters)
    .where(eq(paymentLinkCounters.businessId, businessId));
  return row?.first ?? null;
}

const sameCounters = (a: LinkCounters, b: LinkCounters) =>
  a.visits === b.visits &&
  a.checkoutsStarted === b.checkoutsStarted &&
  a.sales === b.sales &&
  a.revenueCentavos === b.revenueCentavos;

/**
 * Records the counters read at `observedAt`: a row for each link that has none in the last COUNTER_SNAPSHOT_GAP_MS
 * (none at all, or only older ones), or whose counters differ from its last one; never one at or before a link's
 * last snapshot. Only the last 15 minutes of rows are read, so the cost of a read of the list does not grow with
 * the history. Returns how many rows were written. Two reads at the same instant write one row (the key).
 */
export async function recordLinkCounters(
  ledger: Ledger,
  businessId: string,
  links: readonly LinkCounters[],
  observedAt: Date,
): Promise<number> {
  if (links.length === 0) return 0;
  const recent = await ledger.db
    .selectDistinctOn([paymentLinkCounters.linkId], snapshotColumns)
    .from(paymentLinkCounters)
    .where(
      and(
        eq(paymentLinkCounters.businessId, businessId),
        gt(paymentLinkCounters.observedAt, new Date(observedAt.getTime() - COUNTER_SNAPSHOT_GAP_MS)),
      ),
    )
    .orderBy(asc(paymentLinkCounters.linkId), desc(paymentLinkCounters.observedAt));
  const last = new Map(recent.map((row) => [row.linkId, row]));
  const seen = new Set<string>();
  const due: LinkCounters[] = [];
  for (const link of links) {
    // The API lists a link once; a repeated id keeps its first entry.
    if (seen.has(link.linkId)) continue;
    seen.add(link.linkId);
    const previous = last.get(link.linkId);
    if (previous && (previous.observedAt.getTime() >= observedAt.getTime() || sameCounters(previous, link))) continue;
    due.push(link);
  }
  let written = 0;
  for (let i = 0; i < due.length; i += INSERT_CHUNK) {
    const rows = await ledger.db
      .insert(paymentLinkCounters)
      .values(due.slice(i, i + INSERT_CHUNK).map((link) => ({ businessId, observedAt, ...link })))
      .onConflictDoNothing()
      .returning({ linkId: paymentLinkCounters.linkId });
    written += rows.length;
  }
  return written;
}
