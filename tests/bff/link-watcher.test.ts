/**
 * The link-counter watcher (lib/server/services/insights/link-watcher.ts) against the real sandbox and a real ledger:
 * a pass reads every workspace's link list with its stored API key and records a snapshot; a workspace whose key is
 * refused is logged and the pass goes on; a workspace is read at most once per interval on the injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getLedger, lastLinkListRead } from "@/lib/server/ledger";
import { paymentLinkCounters } from "@/lib/server/ledger/schema";
import { apiClientFor } from "@/lib/server/payments-api/for-credential";
import { linkWatchConfig } from "@/lib/server/config";
import { watchLinkCounters, watchTickMs } from "@/lib/server/services/insights/link-watcher";
import { setServerClockForTests } from "@/lib/server/clock";
import { clockAheadMs, observeLinkCounters, readLinks } from "@/lib/server/services/insights/link-counters";
import { ACME, BETA, startBffHarness, storeWorkspaceApiKey, type BffHarness } from "../helpers/bff";

const MIN = 60_000;
/** A workspace whose stored key the API refuses; its id sorts before ACME's and BETA's, so it is read first. */
const BROKEN = "00000000-0000-4000-8000-000000000001";

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness();
  await storeWorkspaceApiKey(BROKEN, "sk_sandbox_wrong");
  await storeWorkspaceApiKey(ACME.businessId, ACME.apiKey);
  await storeWorkspaceApiKey(BETA.businessId, BETA.apiKey);
});
afterAll(async () => {
  await harness.close();
});

const rowsOf = async (businessId: string) =>
  (await getLedger()).db.select().from(paymentLinkCounters).where(eq(paymentLinkCounters.businessId, businessId));
const linkCount = async (apiKey: string) =>
  (await apiClientFor({ kind: "api_key", apiKey }).listPaymentLinkItems()).data.length;

describe("the link-counter watcher", () => {
  it("records a snapshot per workspace, goes on past a refused one, and reads a workspace once per interval", async () => {
    const ledger = await getLedger();
    const interval = 15 * MIN;
    const [acmeLinks, betaLinks] = [await linkCount(ACME.apiKey), await linkCount(BETA.apiKey)];
    expect(acmeLinks).toBeGreaterThan(0);
    expect(betaLinks).toBeGreaterThan(0);

    const firstAt = harness.clock.now();
    const first = await watchLinkCounters(ledger, { intervalMs: interval });
    expect(first).toEqual({
      workspaces: 3,
      read: 2,
      notDue: 0,
      noCredential: 0,
      failed: 1,
      rows: acmeLinks + betaLinks,
      thinned: 0,
      clockAhead: false,
    });
    const acme = await rowsOf(ACME.businessId);
    expect(acme).toHaveLength(acmeLinks);
    // Written as of the server's (injected) clock when the read began.
    for (const row of acme) {
      expect(row.observedAt.getTime()).toBeGreaterThanOrEqual(firstAt);
      expect(row.observedAt.getTime()).toBeLessThan(firstAt + MIN);
    }
    expect(await rowsOf(BETA.businessId)).toHaveLength(betaLinks);
    expect(await rowsOf(BROKEN)).toHaveLength(0);

    // Five minutes on: every workspace was read less than an interval ago (the refused one too), nothing is read.
    harness.clock.skip(5 * MIN);
    expect(await watchLinkCounters(ledger, { intervalMs: interval })).toMatchObject({ read: 0, notDue: 3, rows: 0 });
    expect(await rowsOf(ACME.businessId)).toHaveLength(acmeLinks);

    // Fifteen minutes after the first pass: read again; unchanged counters write no row (the last one is still
    // them), but the whole read is recorded, so the next window's start knows the counters as of this read.
    harness.clock.skip(10 * MIN + 1_000);
    const secondAt = harness.clock.now();
    expect(await watchLinkCounters(ledger, { intervalMs: interval })).toEqual({
      workspaces: 3,
      read: 2,
      notDue: 0,
      noCredential: 0,
      failed: 1,
      rows: 0,
      thinned: 0,
      clockAhead: false,
    });
    expect(await rowsOf(ACME.businessId)).toHaveLength(acmeLinks);
    const lastRead = await lastLinkListRead(ledger, ACME.businessId, null);
    expect(lastRead?.getTime()).toBeGreaterThanOrEqual(secondAt);
  });

  it("a workspace whose key is replaced by a working one is read from the next due pass", async () => {
    const ledger = await getLedger();
    await storeWorkspaceApiKey(BROKEN, ACME.apiKey);
    harness.clock.skip(16 * MIN);
    const summary = await watchLinkCounters(ledger, { intervalMs: 15 * MIN });
    expect(summary).toMatchObject({ read: 3, failed: 0 });
    expect((await rowsOf(BROKEN)).length).toBe(await linkCount(ACME.apiKey));
  });

  it("on the system clock, a snapshot stamped over a minute ahead of the database's clock is not written", async () => {
    const ledger = await getLedger();
    const businessId = "00000000-0000-4000-8000-0000000000c1";
    const read = readLinks([
      {
        id: "lnk_clock",
        name: "Clock",
        slug: "clock",
        status: "active",
        visits: 1,
        checkouts_started: 1,
        sales_count: 1,
        revenue_centavos: 500,
      },
    ]);
    setServerClockForTests(null);
    try {
      expect(await clockAheadMs(ledger, Date.now() + 10 * MIN)).toBeGreaterThan(9 * MIN);
      expect(await clockAheadMs(ledger, Date.now() + 30_000)).toBe(0);
      expect(await observeLinkCounters({ ledger, businessId }, read, Date.now() + 10 * MIN)).toBe(0);
      expect(await rowsOf(businessId)).toHaveLength(0);
      expect(await observeLinkCounters({ ledger, businessId }, read, Date.now())).toBe(1);
    } finally {
      setServerClockForTests(harness.clock);
    }
    // An injected clock (tests) is trusted: an hour ahead is written.
    expect(await clockAheadMs(ledger, Date.now() + 60 * MIN)).toBe(0);
    expect(
      await observeLinkCounters(
        { ledger, businessId },
        { links: [{ ...read.links[0]!, sales_count: 2 }], skipped: 0 },
        Date.now() + 60 * MIN,
      ),
    ).toBe(1);
  });

  it("writes no snapshot of a link whose counters came back missing, and does not record that read as whole", async () => {
    const ledger = await getLedger();
    const businessId = "00000000-0000-4000-8000-0000000000c2";
    const item = (revenue: number | null) => ({
      id: "lnk_missing",
      name: "Missing",
      slug: "missing",
      status: "active",
      visits: 10,
      checkouts_started: 4,
      sales_count: 3,
      revenue_centavos: revenue,
    });
    const at = harness.clock.now();
    const missing = readLinks([item(null)]);
    expect(missing.links[0]?.revenue_centavos).toBe(0);
    expect(await observeLinkCounters({ ledger, businessId }, missing, at)).toBe(0);
    expect(await rowsOf(businessId)).toHaveLength(0);
    expect(await lastLinkListRead(ledger, businessId, null)).toBeNull();
    // The next read gives the counters: the link's first row holds them (not a jump from a stored 0).
    expect(await observeLinkCounters({ ledger, businessId }, readLinks([item(900)]), at + MIN)).toBe(1);
    expect((await rowsOf(businessId)).map((row) => row.revenueCentavos)).toEqual([900]);
    expect(await lastLinkListRead(ledger, businessId, null)).toEqual(new Date(at + MIN));
  });

  it("runs every 15 minutes by default, its timer ticking every fifth of that", () => {
    expect(linkWatchConfig()).toEqual({ intervalMs: 15 * MIN, cadenceMs: 15 * MIN });
    expect(watchTickMs(15 * MIN)).toBe(3 * MIN);
  });
});
