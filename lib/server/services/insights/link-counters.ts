import "server-only";
import { safeParse } from "zod/v4/core";
import { serverClockInjected } from "@/lib/server/clock";
import {
  databaseNowMs,
  firstLinkCounterObservation,
  lastLinkListRead,
  linkCountersAt,
  recordLinkCounters,
  type Ledger,
  type LinkCounterSnapshot,
} from "@/lib/server/ledger";
import { linkWatchConfig } from "@/lib/server/config";
import { log } from "@/lib/server/log";
import { apiClientFor } from "@/lib/server/payments-api/for-credential";
import type { LedgerScope, ServiceDeps } from "@/lib/server/services/context";
import { workspaceApiKey } from "@/lib/server/session/resolve";
import { isoToMs } from "@/lib/shared/format/date";
import type { CountAmount } from "@/lib/shared/schemas/insights";
import { hasLinkCounters, PaymentLinkSchema, type PaymentLink } from "@/lib/shared/schemas/payment-link";

/*
 * The payment links' counters as the dashboard watches them: the list read (once per request), the snapshots it
 * keeps of the running totals (lib/server/ledger/payment-link-counters.ts), and the revenue between two instants
 * from those snapshots. The rule is in docs/insights.md, "Payment links".
 */

/** A read of the list: the links the schema can read, how many it could not, and the readable ones without counters. */
export interface LinkListRead {
  links: PaymentLink[];
  skipped: number;
  /** Ids of links whose counters were missing (shown as 0, never written to a snapshot: `hasLinkCounters`). */
  uncounted: Set<string>;
}

/** The links of the API's list the schema can read, how many it could not, and which came without counters. */
export function readLinks(items: readonly unknown[]): LinkListRead {
  const links: PaymentLink[] = [];
  const uncounted = new Set<string>();
  let skipped = 0;
  for (const item of items) {
    const parsed = safeParse(PaymentLinkSchema, item);
    if (!parsed.success) {
      skipped += 1;
      continue;
    }
    links.push(parsed.data);
    if (!hasLinkCounters(item)) uncounted.add(parsed.data.id);
  }
  return { links, skipped, uncounted };
}

/** How far ahead of the database's clock a server's may be when it stamps a snapshot or claims a watcher pass. */
export const CLOCK_AHEAD_LIMIT_MS = 60_000;

/**
 * How far `at` (the server's clock) is ahead of the database's, when by more than CLOCK_AHEAD_LIMIT_MS; else 0.
 * An instance whose clock runs ahead would write snapshots in the future, which the windows read by the others skip
 * (and claim the watcher's passes ahead of them). Always 0 on an injected clock (tests move time on purpose).
 */
export async function clockAheadMs(ledger: Ledger, at: number): Promise<number> {
  if (serverClockInjected()) return 0;
  const ahead = at - (await databaseNowMs(ledger));
  return ahead > CLOCK_AHEAD_LIMIT_MS ? ahead : 0;
}

/**
 * Keeps a snapshot of the links' counters as read at `now` (lib/server/ledger/payment-link-counters.ts decides
 * which rows are worth writing) but none of a link whose counters were missing (`uncounted`), and the read itself
 * when the whole list was readable with its counters (`skipped` 0, `uncounted` empty); returns how
 * many rows it wrote; nothing (logged, `insights.snapshot_clock_ahead`) when `now` is ahead of the database's clock
 * (`clockAheadMs`). Never fails the read it is part of: a failed write is logged and the answer goes on (0 rows),
 * unless `rethrow` (the link watcher counts and logs its own failures).
 */
export async function observeLinkCounters(
  deps: LedgerScope,
  read: { links: readonly PaymentLink[]; skipped: number; uncounted?: ReadonlySet<string> },
  now: number,
  options: { rethrow?: boolean } = {},
): Promise<number> {
  try {
    const ahead = await clockAheadMs(deps.ledger, now);
    if (ahead > 0) {
      log.warn("insights.snapshot_clock_ahead", { businessId: deps.businessId, aheadMs: ahead });
      return 0;
    }
    return await recordLinkCounters(
      deps.ledger,
      deps.businessId,
      read.links
        .filter((link) => !read.uncounted?.has(link.id))
        .map((link) => ({
          linkId: link.id,
          visits: link.visits,
          checkoutsStarted: link.checkouts_started,
          sales: link.sales_count,
          revenueCentavos: link.revenue_centavos,
        })),
      new Date(now),
      { wholeList: read.skipped === 0 && (read.uncounted?.size ?? 0) === 0 },
    );
  } catch (error) {
    if (options.rethrow) throw error;
    log.warn("insights.snapshot_not_written", { error });
    return 0;
  }
}

/**
 * The client that reads the link list: the session's, unless it holds the workspace's access token (finance), which
 * the API does not take for that list; then the workspace's API key (a read, nothing else is done with it).
 */
export async function linkListClient(deps: Pick<ServiceDeps, "api" | "ledger" | "businessId" | "session">) {
  if (deps.session.credential?.kind !== "bearer") return deps.api;
  const key = await workspaceApiKey(deps.ledger, deps.businessId);
  return key ? apiClientFor(key) : deps.api;
}

/**
 * One read of the link list for the insights: the readable links, the skipped count, and a snapshot kept as of
 * `now` (the instant the caller's windows end at, taken before the read, so a window ending "now" includes it).
 */
export async function readLinkList(
  deps: Pick<ServiceDeps, "api" | "ledger" | "businessId" | "session">,
  now: number,
): Promise<{ links: PaymentLink[]; skipped: number; requestId: string | null }> {
  const api = await linkListClient(deps);
  const result = await api.listPaymentLinkItems();
  const read = readLinks(result.data);
  await observeLinkCounters(deps, read, now);
  const { links, skipped } = read;
  return { links, skipped, requestId: result.requestId ?? null };
}

export interface InstantRange {
  from: Date;
  to: Date;
}

/**
 * The sales and revenue that arrived between `range.from` and `range.to`, from the snapshots: per link, its last
 * snapshot at or before `to` minus its last at or before `from`. A link with no snapshot at or before `from` counts
 * from zero when the whole list was read then (`listRead`: the last whole read at or before `from`, which did not
 * have it: the link is new since), or else when the list says it was created inside the range (`createdAt`);
 * otherwise it is left out. Null when the dashboard's first snapshot of the business (`observedSince`) is after
 * `from`: it cannot know.
 */
export function revenueFromSnapshots(
  start: ReadonlyMap<string, LinkCounterSnapshot>,
  end: ReadonlyMap<string, LinkCounterSnapshot>,
  range: InstantRange,
  createdAt: ReadonlyMap<string, number>,
  observedSince: Date | null,
  listRead: Date | null = null,
): CountAmount | null {
  if (observedSince === null || observedSince.getTime() > range.from.getTime()) return null;
  const total: CountAmount = { count: 0, amount_centavos: 0 };
  for (const [linkId, last] of end) {
    const first = start.get(linkId);
    if (first) {
      total.count += last.sales - first.sales;
      total.amount_centavos += last.revenueCentavos - first.revenueCentavos;
      continue;
    }
    const created = createdAt.get(linkId);
    const createdInside = created !== undefined && created >= range.from.getTime() && created < range.to.getTime();
    if (listRead !== null || createdInside) {
      total.count += last.sales;
      total.amount_centavos += last.revenueCentavos;
    }
  }
  return total;
}

/** The links' creation instants the list gives (links without a readable `created_at` are absent). */
export function creationTimes(links: readonly PaymentLink[]): Map<string, number> {
  const times = new Map<string, number>();
  for (const link of links) {
    const ms = isoToMs(link.created_at);
    if (ms !== null) times.set(link.id, ms);
  }
  return times;
}

/**
 * When the revenue of a range was really measured from, if earlier than the range: per link of the end, the instant
 * its start counters are known as of — the later of its start snapshot and `listRead` (the last whole read of the
 * list at or before `range.from`: a link's last row before it is its counters then, since rows are written only on
 * a change; a link with no start snapshot, counted from zero as new since that read: the read) — and the earliest
 * of those, when it is older than `range.from` by more than `toleranceMs`; null when
 * every one is within the tolerance (the figure is the range's), or none was used. Revenue between that instant and
 * `range.from` is in the figure.
 */
export function measuredFrom(
  start: ReadonlyMap<string, LinkCounterSnapshot>,
  end: ReadonlyMap<string, LinkCounterSnapshot>,
  range: InstantRange,
  toleranceMs: number,
  listRead: Date | null = null,
): Date | null {
  const read = listRead?.getTime() ?? null;
  let earliest: number | null = null;
  for (const linkId of end.keys()) {
    const first = start.get(linkId);
    // A link new since the last whole read counts from zero as of that read.
    const at = first ? Math.max(read ?? 0, first.observedAt.getTime()) : read;
    if (at === null) continue;
    if (earliest === null || at < earliest) earliest = at;
  }
  return earliest !== null && earliest < range.from.getTime() - toleranceMs ? new Date(earliest) : null;
}

/**
 * How much older than a window's start its start counters may be known as of and the figure still be the window's:
 * two beats of the link watcher (`cadenceMs`: LINK_WATCH_INTERVAL_MS, 15 minutes by default; the same when the
 * watcher is off here), but never more than 5% of the window (`windowMs`), so a long interval (up to a day) cannot
 * pass yesterday's revenue for today's.
 */
export function snapshotToleranceMs(windowMs: number, cadenceMs: number = linkWatchConfig().cadenceMs): number {
  return Math.min(2 * cadenceMs, Math.floor(0.05 * windowMs));
}

export interface RangeRevenue {
  revenue: CountAmount | null;
  /** ISO instant, or null: see `measuredFrom` (always null when `revenue` is). */
  measuredFrom: string | null;
}

/**
 * `revenueFromSnapshots` and `measuredFrom` over each range (with `toleranceMs`, or the range's own
 * `snapshotToleranceMs`), read from the ledger, and the business's first snapshot.
 */
export async function linkRevenue(
  deps: LedgerScope,
  ranges: readonly InstantRange[],
  createdAt: ReadonlyMap<string, number>,
  toleranceMs?: number,
): Promise<{ ranges: RangeRevenue[]; observedSince: Date | null }> {
  const observedSince = await firstLinkCounterObservation(deps.ledger, deps.businessId);
  const answers: RangeRevenue[] = [];
  for (const range of ranges) {
    if (observedSince === null || observedSince.getTime() > range.from.getTime()) {
      answers.push({ revenue: null, measuredFrom: null });
      continue;
    }
    const [start, end, listRead] = await Promise.all([
      linkCountersAt(deps.ledger, deps.businessId, range.from),
      linkCountersAt(deps.ledger, deps.businessId, range.to),
      lastLinkListRead(deps.ledger, deps.businessId, range.from),
    ]);
    const revenue = revenueFromSnapshots(start, end, range, createdAt, observedSince, listRead);
    const tolerance = toleranceMs ?? snapshotToleranceMs(range.to.getTime() - range.from.getTime());
    const since = revenue ? measuredFrom(start, end, range, tolerance, listRead) : null;
    answers.push({ revenue, measuredFrom: since?.toISOString() ?? null });
  }
  return { ranges: answers, observedSince };
}
