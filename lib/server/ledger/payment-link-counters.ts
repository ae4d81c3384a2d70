import { and, desc, eq, exists, gt, lt, lte, max, min, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { paymentLinkCounters, paymentLinkIds, paymentLinkListReads } from "./schema";
import type { Ledger } from "./types";

/**
 * Snapshots of the payment links' counters (migrations 0025, 0027). The API only gives running totals since each
 * link was created, so the revenue that arrived in a window is the difference between two snapshots the dashboard
 * took itself (docs/insights.md, "Payment links").
 *
 * A link's row is written only when its counters changed since its last row (or it has none); each read of the
 * whole list is recorded too (`payment_link_list_reads`), so a link's last row at or before such a read is its
 * counters at that read, and a link without one was not in the list then.
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

/**
 * How long snapshots are kept whole: a custom window is at most 366 days and is compared with the 366 before it,
 * so 2 × 366 days and a fortnight's margin. Older rows are thinned to each link's last one (`thinLinkCounters`).
 */
export const LINK_COUNTERS_KEPT_MS = (2 * 366 + 14) * 86_400_000;

/** Rows per INSERT (7 parameters each: far below PostgreSQL's 65,535). */
const INSERT_CHUNK = 1_000;

/**
 * Each link's last snapshot taken at or before `at` (all of them when `at` is null), by link id. One row per link
 * through the primary key (business, link, observed_at) read backwards with LIMIT 1, over the business's links
 * (`payment_link_ids`): the cost grows with the number of links, not with the history.
 */
export async function linkCountersAt(
  ledger: Ledger,
  businessId: string,
  at: Date | null,
): Promise<Map<string, LinkCounterSnapshot>> {
  const rows = await linkCountersAtQuery(ledger, businessId, at);
  return new Map(rows.map((row) => [row.linkId, row]));
}

/** The statement of `linkCountersAt` (the ledger tests EXPLAIN it). */
export function linkCountersAtQuery(ledger: Ledger, businessId: string, at: Date | null) {
  const last = ledger.db
    .select({
      observedAt: paymentLinkCounters.observedAt,
      visits: paymentLinkCounters.visits,
      checkoutsStarted: paymentLinkCounters.checkoutsStarted,
      sales: paymentLinkCounters.sales,
      revenueCentavos: paymentLinkCounters.revenueCentavos,
    })
    .from(paymentLinkCounters)
    .where(
      and(
        eq(paymentLinkCounters.businessId, businessId),
        eq(paymentLinkCounters.linkId, paymentLinkIds.linkId),
        at ? lte(paymentLinkCounters.observedAt, at) : undefined,
      ),
    )
    .orderBy(desc(paymentLinkCounters.observedAt))
    .limit(1)
    .as("last");
  return ledger.db
    .select({
      linkId: paymentLinkIds.linkId,
      observedAt: last.observedAt,
      visits: last.visits,
      checkoutsStarted: last.checkoutsStarted,
      sales: last.sales,
      revenueCentavos: last.revenueCentavos,
    })
    .from(paymentLinkIds)
    .innerJoinLateral(last, sql`true`)
    .where(eq(paymentLinkIds.businessId, businessId));
}

/** When the dashboard first took a snapshot of the business's links; null when it never has. */
export async function firstLinkCounterObservation(ledger: Ledger, businessId: string): Promise<Date | null> {
  const [row] = await ledger.db
    .select({ first: min(paymentLinkCounters.observedAt) })
    .from(paymentLinkCounters)
    .where(eq(paymentLinkCounters.businessId, businessId));
  return row?.first ?? null;
}

/** The business's last whole read of the list at or before `at` (the last of all when null); null when none. */
export async function lastLinkListRead(ledger: Ledger, businessId: string, at: Date | null): Promise<Date | null> {
  const [row] = await ledger.db
    .select({ last: max(paymentLinkListReads.readAt) })
    .from(paymentLinkListReads)
    .where(and(eq(paymentLinkListReads.businessId, businessId), at ? lte(paymentLinkListReads.readAt, at) : undefined));
  return row?.last ?? null;
}

/** The database's clock, in ms (to tell a server clock that runs ahead of it). */
export async function databaseNowMs(ledger: Ledger): Promise<number> {
  const [row] = await ledger.db
    .select({ ms: sql<string>`(extract(epoch from clock_timestamp()) * 1000)::bigint::text` })
    .from(sql`(VALUES (1)) AS one (x)`);
  if (!row) throw new Error("The database did not give its clock.");
  return Number(row.ms);
}

const sameCounters = (a: LinkCounters, b: LinkCounters) =>
  a.visits === b.visits &&
  a.checkoutsStarted === b.checkoutsStarted &&
  a.sales === b.sales &&
  a.revenueCentavos === b.revenueCentavos;

/**
 * Records the counters read at `observedAt`: a row for each link that has none, or whose counters differ from its
 * last one; nothing at or before a link's last snapshot or the last recorded read. When `wholeList` (every item
 * of the list was readable, with its counters), the read itself is recorded too, after the rows. Returns how many
 * rows were written. Two reads at the same instant write one row (the key).
 */
export async function recordLinkCounters(
  ledger: Ledger,
  businessId: string,
  links: readonly LinkCounters[],
  observedAt: Date,
  options: { wholeList: boolean },
): Promise<number> {
  // A read older than one already recorded (a clock that went back, a slow read overtaken) would write behind rows
  // later reads relied on: it is not recorded.
  const lastRead = await lastLinkListRead(ledger, businessId, null);
  if (lastRead && lastRead.getTime() >= observedAt.getTime()) return 0;
  const last =
    links.length > 0 ? await linkCountersAt(ledger, businessId, null) : new Map<string, LinkCounterSnapshot>();
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
    const chunk = due.slice(i, i + INSERT_CHUNK);
    await ledger.db
      .insert(paymentLinkIds)
      .values(chunk.map((link) => ({ businessId, linkId: link.linkId })))
      .onConflictDoNothing();
    const rows = await ledger.db
      .insert(paymentLinkCounters)
      .values(chunk.map((link) => ({ businessId, observedAt, ...link })))
      .onConflictDoNothing()
      .returning({ linkId: paymentLinkCounters.linkId });
    written += rows.length;
  }
  if (options.wholeList)
    await ledger.db.insert(paymentLinkListReads).values({ businessId, readAt: observedAt }).onConflictDoNothing();
  return written;
}

/**
 * Retention: removes the business's snapshots older than `before` except each link's last one (its counters at any
 * later instant), and every list read older than `before`. Returns the rows removed.
 */
export async function thinLinkCounters(ledger: Ledger, businessId: string, before: Date): Promise<number> {
  const newer = alias(paymentLinkCounters, "newer");
  const snapshots = await ledger.db
    .delete(paymentLinkCounters)
    .where(
      and(
        eq(paymentLinkCounters.businessId, businessId),
        lt(paymentLinkCounters.observedAt, before),
        exists(
          ledger.db
            .select({ one: sql`1` })
            .from(newer)
            .where(
              and(
                eq(newer.businessId, paymentLinkCounters.businessId),
                eq(newer.linkId, paymentLinkCounters.linkId),
                gt(newer.observedAt, paymentLinkCounters.observedAt),
                lt(newer.observedAt, before),
              ),
            ),
        ),
      ),
    )
    .returning({ linkId: paymentLinkCounters.linkId });
  // Every read before the cut goes: a link's rows before one of them may be gone, so it no longer tells its counters.
  const reads = await ledger.db
    .delete(paymentLinkListReads)
    .where(and(eq(paymentLinkListReads.businessId, businessId), lt(paymentLinkListReads.readAt, before)))
    .returning({ readAt: paymentLinkListReads.readAt });
  return snapshots.length + reads.length;
}
