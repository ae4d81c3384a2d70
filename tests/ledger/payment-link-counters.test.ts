/**
 * Snapshots of the payment links' counters (migration 0025): one row per link per 15 minutes unless a counter
 * changed, and the last snapshot at or before an instant.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  claimBackgroundPass,
  COUNTER_SNAPSHOT_GAP_MS,
  firstLinkCounterObservation,
  linkCountersAt,
  recordLinkCounters,
  type LinkCounters,
} from "@/lib/server/ledger";
import { drivers, useLedger } from "./helpers";

const T0 = Date.parse("2026-11-27T12:00:00Z");
const MIN = 60_000;
const counters = (linkId: string, revenue: number, sales = 1): LinkCounters => ({
  linkId,
  visits: 10,
  checkoutsStarted: 3,
  sales,
  revenueCentavos: revenue,
});

describe.each(drivers)("payment link counters (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("writes a link's first snapshot, then again only when a counter changed or 15 minutes passed", async () => {
    const business = `biz-${randomUUID()}`;
    const record = (at: number, links: LinkCounters[]) => recordLinkCounters(ledger(), business, links, new Date(at));
    expect(await record(T0, [counters("a", 100), counters("b", 0)])).toBe(2);
    expect(await record(T0 + 5 * MIN, [counters("a", 100), counters("b", 0)])).toBe(0);
    expect(await record(T0 + 6 * MIN, [counters("a", 150, 2), counters("b", 0)])).toBe(1);
    // 15 minutes after b's snapshot (and 9 after a's changed one): only b is written again, unchanged.
    expect(await record(T0 + COUNTER_SNAPSHOT_GAP_MS, [counters("a", 150, 2), counters("b", 0)])).toBe(1);
    // Never at or before a link's last snapshot (a clock that went back).
    expect(await record(T0 + 3 * MIN, [counters("a", 999), counters("b", 5)])).toBe(0);
    // A repeated id in one list keeps its first entry.
    expect(await record(T0 + 40 * MIN, [counters("c", 1), counters("c", 2)])).toBe(1);

    const now = await linkCountersAt(ledger(), business, null);
    expect(now.get("a")).toMatchObject({ revenueCentavos: 150, sales: 2, observedAt: new Date(T0 + 6 * MIN) });
    expect(now.get("b")?.observedAt).toEqual(new Date(T0 + COUNTER_SNAPSHOT_GAP_MS));
    expect(now.get("c")?.revenueCentavos).toBe(1);
  });

  it("reads each link's last snapshot at or before an instant, and the business's first", async () => {
    const business = `biz-${randomUUID()}`;
    const other = `biz-${randomUUID()}`;
    expect(await firstLinkCounterObservation(ledger(), business)).toBeNull();
    await recordLinkCounters(ledger(), other, [counters("a", 1)], new Date(T0 - 60 * MIN));
    await recordLinkCounters(ledger(), business, [counters("a", 100)], new Date(T0));
    await recordLinkCounters(ledger(), business, [counters("a", 300)], new Date(T0 + 20 * MIN));

    expect(await firstLinkCounterObservation(ledger(), business)).toEqual(new Date(T0));
    expect((await linkCountersAt(ledger(), business, new Date(T0 - 1))).size).toBe(0);
    expect((await linkCountersAt(ledger(), business, new Date(T0))).get("a")?.revenueCentavos).toBe(100);
    expect((await linkCountersAt(ledger(), business, new Date(T0 + 19 * MIN))).get("a")?.revenueCentavos).toBe(100);
    expect((await linkCountersAt(ledger(), business, new Date(T0 + 20 * MIN))).get("a")?.revenueCentavos).toBe(300);
  });

  it("claims a background pass once per interval on the caller's clock, one caller of two at the same moment", async () => {
    const name = `link_counters:${randomUUID()}`;
    const claim = (at: number) => claimBackgroundPass(ledger(), name, new Date(at), 15 * MIN);
    expect(await claim(T0)).toBe(true);
    expect(await claim(T0 + 14 * MIN)).toBe(false);
    // The refused claim did not move the last start: 15 minutes after the first, it is due.
    expect(await claim(T0 + 15 * MIN)).toBe(true);
    const both = await Promise.all([claim(T0 + 31 * MIN), claim(T0 + 31 * MIN)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    // Another name is its own pass.
    expect(await claimBackgroundPass(ledger(), `${name}:other`, new Date(T0 + 31 * MIN), 15 * MIN)).toBe(true);
  });
});
