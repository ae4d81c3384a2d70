/**
 * Snapshots of the payment links' counters (migrations 0025, 0027): a row per link only when a counter changed, the
 * whole list's reads, the last snapshot at or before an instant (one row per link through the key, whatever the
 * history), and the retention that thins old rows.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  claimBackgroundPass,
  firstLinkCounterObservation,
  lastLinkListRead,
  linkCountersAt,
  linkCountersAtQuery,
  recordLinkCounters,
  thinLinkCounters,
  type LinkCounters,
} from "@/lib/server/ledger";
import { paymentLinkCounters } from "@/lib/server/ledger/schema";
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

  it("writes a link's first snapshot, then again only when a counter changed, and records whole reads", async () => {
    const business = `biz-${randomUUID()}`;
    const record = (at: number, links: LinkCounters[], wholeList = true) =>
      recordLinkCounters(ledger(), business, links, new Date(at), { wholeList });
    expect(await record(T0, [counters("a", 100), counters("b", 0)])).toBe(2);
    expect(await record(T0 + 5 * MIN, [counters("a", 100), counters("b", 0)])).toBe(0);
    expect(await record(T0 + 6 * MIN, [counters("a", 150, 2), counters("b", 0)])).toBe(1);
    // A day of unchanged counters writes nothing: the last row at or before any later read is still the counters.
    expect(await record(T0 + 24 * 60 * MIN, [counters("a", 150, 2), counters("b", 0)])).toBe(0);
    // Nothing at or before the last recorded read (a clock that went back): b's changed counters are not written
    // behind the reads that found it unchanged.
    expect(await record(T0 + 3 * MIN, [counters("a", 999), counters("b", 5)])).toBe(0);
    // A repeated id in one list keeps its first entry; a read that was not whole is not recorded as a read.
    expect(await record(T0 + 25 * 60 * MIN, [counters("c", 1), counters("c", 2)], false)).toBe(1);

    const now = await linkCountersAt(ledger(), business, null);
    expect(now.get("a")).toMatchObject({ revenueCentavos: 150, sales: 2, observedAt: new Date(T0 + 6 * MIN) });
    expect(now.get("b")?.observedAt).toEqual(new Date(T0));
    expect(now.get("c")?.revenueCentavos).toBe(1);
    expect(await lastLinkListRead(ledger(), business, new Date(T0 + 30 * 60 * MIN))).toEqual(
      new Date(T0 + 24 * 60 * MIN),
    );
    expect(await lastLinkListRead(ledger(), business, new Date(T0 + 4 * MIN))).toEqual(new Date(T0));
    expect(await lastLinkListRead(ledger(), business, new Date(T0 - 1))).toBeNull();
  });

  it("reads each link's last snapshot at or before an instant, and the business's first", async () => {
    const business = `biz-${randomUUID()}`;
    const other = `biz-${randomUUID()}`;
    expect(await firstLinkCounterObservation(ledger(), business)).toBeNull();
    const whole = { wholeList: true };
    await recordLinkCounters(ledger(), other, [counters("a", 1)], new Date(T0 - 60 * MIN), whole);
    await recordLinkCounters(ledger(), business, [counters("a", 100)], new Date(T0), whole);
    await recordLinkCounters(ledger(), business, [counters("a", 300)], new Date(T0 + 20 * MIN), whole);

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

  it("reads one row per link through the key, however long the history", async () => {
    const business = `biz-${randomUUID()}`;
    const links = Array.from({ length: 20 }, (_, i) => `link-${String(i).padStart(2, "0")}`);
    // 20 links × 100 reads, every counter changing each time: 2,000 rows.
    for (let n = 0; n < 100; n += 1)
      await recordLinkCounters(
        ledger(),
        business,
        links.map((id) => counters(id, n * 10, n)),
        new Date(T0 + n * 15 * MIN),
        { wholeList: true },
      );
    const at = new Date(T0 + 50 * 15 * MIN);
    const found = await linkCountersAt(ledger(), business, at);
    expect(found.size).toBe(20);
    expect(found.get("link-07")).toMatchObject({ revenueCentavos: 500, sales: 50, observedAt: at });
    if (driver !== "pglite") return;
    const explained = (await ledger().db.execute(
      sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${linkCountersAtQuery(ledger(), business, at)}`,
    )) as unknown as { rows: Record<string, string>[] };
    const plan = explained.rows.map((row) => Object.values(row).join(" ")).join("\n");
    // No sort of the history; the counters are read backwards through the key, one row per link (20 loops).
    expect(plan).not.toMatch(/Sort/);
    expect(plan).toMatch(/Limit \(actual rows=1(\.00)? loops=20\)/);
    expect(plan).toMatch(/Index Scan Backward using payment_link_counters_pkey on payment_link_counters/);
  });

  it("thins rows older than the kept range to each link's last one and the last whole read", async () => {
    const business = `biz-${randomUUID()}`;
    const DAY = 24 * 60 * MIN;
    const whole = { wholeList: true };
    await recordLinkCounters(ledger(), business, [counters("a", 100), counters("b", 5)], new Date(T0), whole);
    await recordLinkCounters(ledger(), business, [counters("a", 200), counters("b", 5)], new Date(T0 + DAY), whole);
    await recordLinkCounters(ledger(), business, [counters("a", 300), counters("b", 5)], new Date(T0 + 2 * DAY), whole);
    await recordLinkCounters(ledger(), business, [counters("a", 400), counters("b", 9)], new Date(T0 + 9 * DAY), whole);
    const before = new Date(T0 + 5 * DAY);
    const counted = async (at: Date) => {
      const map = await linkCountersAt(ledger(), business, at);
      return [map.get("a")?.revenueCentavos, map.get("b")?.revenueCentavos];
    };
    const atBefore = await counted(before);
    // a's rows at T0 and T0+1d go (a newer one before the cut is kept); b's only old row stays; the three reads
    // before the cut go (a's rows before them are gone, so they no longer tell its counters).
    expect(await thinLinkCounters(ledger(), business, before)).toBe(5);
    expect(await counted(before)).toEqual(atBefore);
    expect(await counted(new Date(T0 + 9 * DAY))).toEqual([400, 9]);
    expect(await lastLinkListRead(ledger(), business, before)).toBeNull();
    expect(await lastLinkListRead(ledger(), business, null)).toEqual(new Date(T0 + 9 * DAY));
    const rows = await ledger().db.select().from(paymentLinkCounters);
    expect(rows.filter((row) => row.businessId === business)).toHaveLength(4);
    expect(await thinLinkCounters(ledger(), business, before)).toBe(0);
  });
});
