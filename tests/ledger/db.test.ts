import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  acquireLease,
  appendAudit,
  isLeaseHeld,
  closeLedger,
  createLedger,
  getLedger,
  getPayoutByIdempotencyKey,
  ledgerOptionsFromEnv,
  listAudit,
  migrateLedger,
  recordPayoutIntent,
  DEFAULT_LEDGER_DIR,
} from "@/lib/server/ledger";
import { ACME, ALICE, drivers, freshDatabase, payoutBody, type FreshDatabase } from "./helpers";
import { resetConfigForTests } from "@/lib/server/config";

describe("ledgerOptionsFromEnv", () => {
  it("prefers DATABASE_URL, then LEDGER_DIR, then .data/ledger", () => {
    expect(ledgerOptionsFromEnv({ DATABASE_URL: "postgres://u@h/db", LEDGER_DIR: "/x" })).toEqual({
      databaseUrl: "postgres://u@h/db",
    });
    expect(ledgerOptionsFromEnv({ DATABASE_URL: "  ", LEDGER_DIR: "memory://" })).toEqual({ dataDir: "memory://" });
    expect(ledgerOptionsFromEnv({})).toEqual({ dataDir: DEFAULT_LEDGER_DIR });
    expect(DEFAULT_LEDGER_DIR).toBe(path.join(".data", "ledger"));
  });
});

describe.each(drivers)("getLedger (%s)", (driver) => {
  let database: FreshDatabase | undefined;
  afterEach(async () => {
    await closeLedger();
    vi.unstubAllEnvs();
    await database?.drop();
    database = undefined;
  });

  async function stubEnv() {
    database = await freshDatabase(driver);
    if (driver === "postgres") {
      vi.stubEnv("DATABASE_URL", database.options.databaseUrl ?? "");
    } else {
      vi.stubEnv("DATABASE_URL", "");
      vi.stubEnv("LEDGER_DIR", "memory://");
    }
    resetConfigForTests();
  }

  it("opens one migrated ledger per process and shares it", async () => {
    await stubEnv();
    const [a, b] = await Promise.all([getLedger(), getLedger()]);
    expect(a).toBe(b);
    expect(a.driver).toBe(driver);
    expect(await getLedger()).toBe(a);
    await recordPayoutIntent(a, {
      businessId: ACME,
      idempotencyKey: "k",
      body: payoutBody("k"),
      pixKeyMasked: "x",
      actor: ALICE,
    });
    expect(await getPayoutByIdempotencyKey(b, ACME, "k")).not.toBeNull();

    await closeLedger();
    const c = await getLedger();
    expect(c).not.toBe(a);
    expect(await migrateLedger(c.db)).toEqual({ applied: [] });
    await closeLedger();
    await closeLedger();
  });

  it("does not cache a failed start", async () => {
    await stubEnv();
    vi.stubEnv("LEDGER_MIGRATIONS_DIR", path.join(tmpdir(), "ledger-no-such-dir"));
    resetConfigForTests();
    await expect(getLedger()).rejects.toThrow();
    vi.stubEnv("LEDGER_MIGRATIONS_DIR", undefined);
    resetConfigForTests();
    const ledger = await getLedger();
    expect(ledger.driver).toBe(driver);
  });
});

// A shared PostgreSQL (CI: TEST_DATABASE_URL) may hold the live leases of other instances: opening must keep them.
for (const driver of drivers.filter((d) => d === "postgres")) {
  describe(`opening a shared ledger (${driver})`, () => {
    it("keeps the leases other instances hold", async () => {
      const database = await freshDatabase(driver);
      const sending = await createLedger(database.options);
      const starting = await createLedger(database.options);
      try {
        expect(await acquireLease(sending, "payout:acme:live", 60_000)).not.toBeNull();
        const another = await createLedger(database.options);
        expect(await isLeaseHeld(another, "payout:acme:live")).toBe(true);
        await another.close();
        expect(await acquireLease(starting, "payout:acme:live", 60_000)).toBeNull();
      } finally {
        await sending.close();
        await starting.close();
        await database.drop();
      }
    });
  });
}

describe("PGlite's settings", () => {
  it("keeps 16 MB of shared buffers, lets a sort or hash use 16 MB before it spills to disk, and prices pages as cached", async () => {
    const ledger = await createLedger({ dataDir: "memory://" });
    try {
      const setting = async (name: string) =>
        ((await ledger.db.execute(sql.raw(`SHOW ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0]?.[
          name
        ];
      expect(await setting("shared_buffers")).toBe("16MB");
      // The insights' grouping over a big register is planned as an in-memory hash, not an on-disk sort (docs/performance.md, "Insights").
      expect(await setting("work_mem")).toBe("16MB");
      // Pages come from the system's file cache: out of order costs what in order does.
      expect(await setting("random_page_cost")).toBe("1.1");
    } finally {
      await ledger.close();
    }
  });
});

describe("file-backed PGlite", () => {
  let dir: string | undefined;
  afterEach(async () => {
    await closeLedger();
    vi.unstubAllEnvs();
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("keeps its data across close and reopen", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "ledger-file-"));
    const dataDir = path.join(dir, "nested", "ledger");
    const first = await createLedger({ dataDir });
    expect(first.driver).toBe("pglite");
    expect(existsSync(dataDir)).toBe(true);
    await recordPayoutIntent(first, {
      businessId: ACME,
      idempotencyKey: "k-1",
      body: payoutBody("k-1", 4200),
      pixKeyMasked: "x",
      actor: ALICE,
    });
    await appendAudit(first, {
      businessId: ACME,
      actor: ALICE,
      action: "payout.create",
      outcome: "pending",
      targetType: "payout",
    });
    await first.close();

    const second = await createLedger({ dataDir });
    expect((await getPayoutByIdempotencyKey(second, ACME, "k-1"))?.amountCentavos).toBe(4200);
    expect((await listAudit(second, ACME)).items).toHaveLength(1);
    expect(await migrateLedger(second.db)).toEqual({ applied: [] });
    await second.close();
  });

  it("drops the leases of the process that had it before (it is gone), so a crash does not stall their payouts", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "ledger-lease-"));
    const crashed = await createLedger({ dataDir: dir });
    expect(await acquireLease(crashed, "payout:acme:k-1", 60_000)).not.toBeNull();
    await crashed.close(); // the lease is never released, as when the process is killed mid-send

    const restarted = await createLedger({ dataDir: dir });
    expect(await isLeaseHeld(restarted, "payout:acme:k-1")).toBe(false);
    expect(await acquireLease(restarted, "payout:acme:k-1", 60_000)).not.toBeNull();
    await restarted.close();
  });

  it("is where getLedger stores data when LEDGER_DIR points at a folder", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "ledger-env-"));
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("LEDGER_DIR", dir);
    resetConfigForTests();
    const ledger = await getLedger();
    await appendAudit(ledger, { businessId: ACME, actor: ALICE, action: "session.sign_in", outcome: "success" });
    await closeLedger();

    const reopened = await createLedger({ dataDir: dir });
    expect((await listAudit(reopened, ACME)).items.map((e) => e.action)).toEqual(["session.sign_in"]);
    await reopened.close();
  });
});
