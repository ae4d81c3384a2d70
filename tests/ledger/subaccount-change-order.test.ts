import { copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  changeOrder,
  createLedger,
  getKnownSubaccount,
  migrateLedger,
  numberChangeCall,
  unnumberChangeCall,
  type Ledger,
} from "@/lib/server/ledger";
import { defaultMigrationsDir } from "@/lib/server/ledger/migrate";
import { subaccountChangeRequests } from "@/lib/server/ledger/schema";
import { ACME, BETA, appendAuditBefore0018, drivers, freshDatabase, useLedger, type FreshDatabase } from "./helpers";

describe("changeOrder", () => {
  const call = { seq: 10, previousSeq: 4 };

  it("a fresh answer is this call's change, even for a key sent before", () => {
    expect(changeOrder({ call, replayed: false, mayHaveMadeItInThisCall: false, knownSeq: 7 })).toEqual({
      changeSeq: 10,
      olderThanKnown: false,
      restoreKey: false,
    });
  });

  it("a replay is the key's earlier call: older than a newer known change, or not", () => {
    expect(changeOrder({ call, replayed: true, mayHaveMadeItInThisCall: false, knownSeq: 7 })).toEqual({
      changeSeq: 4,
      olderThanKnown: true,
      restoreKey: true,
    });
    expect(changeOrder({ call, replayed: true, mayHaveMadeItInThisCall: false, knownSeq: 4 })).toEqual({
      changeSeq: 4,
      olderThanKnown: false,
      restoreKey: true,
    });
    expect(changeOrder({ call, replayed: true, mayHaveMadeItInThisCall: false, knownSeq: 3 })).toEqual({
      changeSeq: 4,
      olderThanKnown: false,
      restoreKey: true,
    });
    expect(changeOrder({ call, replayed: true, mayHaveMadeItInThisCall: false, knownSeq: null })).toMatchObject({
      olderThanKnown: false,
    });
  });

  it("a replay after a lost attempt of this same call may be this call's change; a key never numbered cannot be placed", () => {
    expect(changeOrder({ call, replayed: true, mayHaveMadeItInThisCall: true, knownSeq: 7 })).toEqual({
      changeSeq: 10,
      olderThanKnown: false,
      restoreKey: false,
    });
    expect(
      changeOrder({
        call: { seq: 10, previousSeq: null },
        replayed: true,
        mayHaveMadeItInThisCall: false,
        knownSeq: 7,
      }),
    ).toEqual({
      changeSeq: 10,
      olderThanKnown: false,
      restoreKey: false,
    });
  });
});

describe.each(drivers)("numbering subaccount change calls (%s)", (driver) => {
  const ledger = useLedger(driver);
  beforeEach(async () => {
    await ledger().db.execute(sql.raw("TRUNCATE subaccount_change_requests"));
  });
  const ref = (idempotencyKey: string, endpoint: "update" | "blocked" = "blocked") => ({
    businessId: ACME,
    subaccountId: "sa_1",
    endpoint,
    idempotencyKey,
  });

  it("numbers calls in order; a key's retry takes a new number and remembers its previous one", async () => {
    const k1 = await numberChangeCall(ledger(), ref("k1"));
    const k2 = await numberChangeCall(ledger(), ref("k2"));
    const k1Again = await numberChangeCall(ledger(), ref("k1"));
    expect(k1.previousSeq).toBeNull();
    expect(k2.seq).toBeGreaterThan(k1.seq);
    expect(k1Again).toEqual({ seq: expect.any(Number), previousSeq: k1.seq });
    expect(k1Again.seq).toBeGreaterThan(k2.seq);
  });

  it("keys are per endpoint, subaccount and business", async () => {
    await numberChangeCall(ledger(), ref("k"));
    expect((await numberChangeCall(ledger(), ref("k", "update"))).previousSeq).toBeNull();
    expect((await numberChangeCall(ledger(), { ...ref("k"), subaccountId: "sa_2" })).previousSeq).toBeNull();
    expect((await numberChangeCall(ledger(), { ...ref("k"), businessId: BETA })).previousSeq).toBeNull();
  });

  it("a call that made no change gives the key its earlier number back, or forgets a new key", async () => {
    const first = await numberChangeCall(ledger(), ref("k1"));
    const second = await numberChangeCall(ledger(), ref("k1"));
    await unnumberChangeCall(ledger(), ref("k1"), second.previousSeq);
    expect((await numberChangeCall(ledger(), ref("k1"))).previousSeq).toBe(first.seq);

    await numberChangeCall(ledger(), ref("refused"));
    await unnumberChangeCall(ledger(), ref("refused"), null);
    const rows = await ledger()
      .db.select()
      .from(subaccountChangeRequests)
      .where(and(eq(subaccountChangeRequests.idempotencyKey, "refused")));
    expect(rows).toEqual([]);
  });
});

describe.each(drivers)("migration 0011 on a ledger written before it (%s)", (driver) => {
  const opened: Ledger[] = [];
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const ledger of opened.splice(0)) await ledger.close();
    for (const step of cleanup.splice(0)) await step();
  });

  /** A ledger migrated up to (not including) 0011, and the folder to add 0011 to. */
  async function ledgerBefore0011(): Promise<{ ledger: Ledger; dir: string }> {
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-0011-"));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    for (const file of await readdir(defaultMigrationsDir())) {
      if (/^\d{4}_.*\.sql$/.test(file) && Number(file.slice(0, 4)) < 11)
        await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
    }
    const database: FreshDatabase = await freshDatabase(driver);
    cleanup.push(() => database.drop());
    const ledger = await createLedger({ ...database.options, migrationsDir: dir });
    opened.push(ledger);
    return { ledger, dir };
  }

  it("numbers the audited keys (by their first success, else their first entry) and gives each subaccount the number of its latest success", async () => {
    const { ledger, dir } = await ledgerBefore0011();
    const actor = { name: "Alice", role: "operator" };
    const entry = (
      action: "subaccount.block" | "subaccount.unblock" | "subaccount.update",
      key: string,
      outcome: "success" | "failure",
      targetId = "sa_1",
    ) =>
      appendAuditBefore0018(ledger, {
        businessId: ACME,
        actor,
        action,
        outcome,
        targetType: "subaccount",
        targetId,
        idempotencyKey: key,
      });
    // Before the upgrade: block K1's answer lost (failure audited), then unblock K2 recorded; K1 is retried after it.
    await entry("subaccount.block", "k1", "failure");
    await entry("subaccount.unblock", "k2", "success");
    await entry("subaccount.update", "k3", "success", "sa_2");
    // Written as today's code writes them (without the column 0011 adds).
    await ledger.db.execute(
      sql`INSERT INTO subaccounts (business_id, subaccount_id, name, is_blocked) VALUES (${ACME}, 'sa_1', 'Loja', false), (${ACME}, 'sa_2', 'Filial', false), (${ACME}, 'sa_3', 'Never audited', true)`,
    );

    await copyFile(
      path.join(defaultMigrationsDir(), "0011_subaccount_change_order.sql"),
      path.join(dir, "0011_subaccount_change_order.sql"),
    );
    expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [11] });

    const seqOf = async (endpoint: "update" | "blocked", key: string) =>
      (
        await ledger.db
          .select()
          .from(subaccountChangeRequests)
          .where(and(eq(subaccountChangeRequests.endpoint, endpoint), eq(subaccountChangeRequests.idempotencyKey, key)))
      )[0]?.seq;
    const k1 = await seqOf("blocked", "k1");
    const k2 = await seqOf("blocked", "k2");
    expect(k1).toBeLessThan(k2 ?? 0);
    expect((await getKnownSubaccount(ledger, ACME, "sa_1"))?.knownChangeSeq).toBe(k2);
    expect((await getKnownSubaccount(ledger, ACME, "sa_2"))?.knownChangeSeq).toBe(await seqOf("update", "k3"));
    expect((await getKnownSubaccount(ledger, ACME, "sa_3"))?.knownChangeSeq).toBeNull();

    // So the K1 retry's replay is known to be older than the recorded unblock; new calls are numbered after every backfilled key.
    const retry = await numberChangeCall(ledger, {
      businessId: ACME,
      subaccountId: "sa_1",
      endpoint: "blocked",
      idempotencyKey: "k1",
    });
    expect(
      changeOrder({ call: retry, replayed: true, mayHaveMadeItInThisCall: false, knownSeq: k2 ?? null }).olderThanKnown,
    ).toBe(true);
    expect(retry.seq).toBeGreaterThan(Math.max(k1 ?? 0, k2 ?? 0, (await seqOf("update", "k3")) ?? 0));

    await expect(
      appendAuditBefore0018(ledger, { businessId: ACME, actor, action: "subaccount.block", outcome: "replayed_older" }),
    ).resolves.toMatchObject({ outcome: "replayed_older" });
  });
});
