import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLedger, vacuumEmbeddedLedger, type Ledger } from "@/lib/server/ledger";
import { seedRegisterSql } from "../../bench/lib/seed-register";
import { drivers, useLedger } from "./helpers";

const BUSINESS = "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f";
const NOW = new Date("2026-11-25T15:00:00Z");

async function seed(ledger: Ledger, count: number): Promise<void> {
  for (const statement of seedRegisterSql({ businessId: BUSINESS, count, now: NOW, days: 120 }))
    await ledger.db.execute(sql.raw(statement));
}

/** The payouts table's dead row versions, as PostgreSQL counts them. */
async function deadRows(ledger: Ledger): Promise<number> {
  await ledger.db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const [row] = await ledger.db
    .select({ dead: sql<number>`n_dead_tup::int` })
    .from(sql`pg_stat_user_tables`)
    .where(sql`relname = 'payouts' AND schemaname = current_schema()`);
  return row?.dead ?? -1;
}

/** How many table rows an index-only read of a month of the register still fetched (0: the index alone answered). */
async function heapFetches(ledger: Ledger): Promise<number> {
  const plan = await ledger.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    return JSON.stringify(
      await tx.execute(sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
        SELECT count(*), sum(amount_centavos) FROM payouts
        WHERE business_id = ${BUSINESS} AND created_at >= ${"2026-10-25T03:00:00Z"}::timestamptz`),
    );
  });
  expect(plan).toContain("Index Only Scan using payouts_business_created_idx");
  const fetched = /Heap Fetches: (\d+)/.exec(plan)?.[1];
  if (fetched === undefined) throw new Error(`no heap fetches in ${plan}`);
  return Number(fetched);
}

describe.each(drivers)("vacuumEmbeddedLedger (%s)", (driver) => {
  const ledger = useLedger(driver);

  if (driver === "postgres") {
    it("leaves a PostgreSQL server to its own autovacuum", async () => {
      await seed(ledger(), 3_000);
      expect(await vacuumEmbeddedLedger(ledger())).toEqual({ vacuumed: [], analyzed: [] });
    });
    return;
  }

  it("vacuums every table the first time on an opened ledger, whose statistics PGlite did not keep", async () => {
    const opened = await createLedger({ dataDir: "memory://" });
    try {
      await seed(opened, 3_000);
      // As after a restart: no table has counts that would call for a vacuum.
      await opened.db.execute(sql`SELECT pg_stat_reset()`);
      expect(await heapFetches(opened)).toBeGreaterThan(0);
      expect((await vacuumEmbeddedLedger(opened)).vacuumed).toEqual(expect.arrayContaining(["payouts", "audit_log"]));
      expect(await heapFetches(opened)).toBe(0);
      expect((await vacuumEmbeddedLedger(opened)).vacuumed).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it("vacuums a table once it has enough new rows, so reads of the register's index skip the table", async () => {
    // The first pass on an opened ledger vacuums every table (above); from the second on, the counts decide.
    await vacuumEmbeddedLedger(ledger());
    await seed(ledger(), 3_000);
    expect(await heapFetches(ledger())).toBeGreaterThan(0);
    const first = await vacuumEmbeddedLedger(ledger());
    expect(first.vacuumed).toContain("payouts");
    expect(await heapFetches(ledger())).toBe(0);
    // Nothing changed since: nothing to do.
    expect((await vacuumEmbeddedLedger(ledger())).vacuumed).not.toContain("payouts");
  });

  it("vacuums the old row versions updates leave behind, and not before there are enough of them", async () => {
    await seed(ledger(), 3_000);
    await vacuumEmbeddedLedger(ledger());
    await vacuumEmbeddedLedger(ledger());
    // 50 + 20 % of 3,000 rows is 650 dead rows: 500 are not enough, 500 more are.
    await ledger().db.execute(
      sql`UPDATE payouts SET updated_at = updated_at + interval '1 second' WHERE amount_centavos % 6 = 0 AND idempotency_key < 'bench-2'`,
    );
    const few = await deadRows(ledger());
    expect(few).toBeGreaterThan(0);
    expect(few).toBeLessThan(650);
    expect((await vacuumEmbeddedLedger(ledger())).vacuumed).not.toContain("payouts");
    await ledger().db.execute(sql`UPDATE payouts SET updated_at = updated_at + interval '1 second'`);
    expect(await deadRows(ledger())).toBeGreaterThan(650);
    expect((await vacuumEmbeddedLedger(ledger())).vacuumed).toContain("payouts");
    expect(await deadRows(ledger())).toBe(0);
  });
});
