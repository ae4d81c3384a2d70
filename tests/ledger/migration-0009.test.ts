/**
 * Migration 0009 on a ledger written by the versions before it: the send start is
 * backfilled, payout ids an older version attached to several rows are sorted
 * out truthfully (so the unique index can be built and the start-up does not
 * fail), and from then on one payout id belongs to one row.
 */
import { copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  completePayoutIntent,
  createLedger,
  LedgerQueryError,
  migrateLedger,
  recordPayoutIntent,
  type Ledger,
} from "@/lib/server/ledger";
import { defaultMigrationsDir } from "@/lib/server/ledger/migrate";
import { auditLog, payouts } from "@/lib/server/ledger/schema";
import { ACME, ALICE, BETA, drivers, freshDatabase, payoutBody, type FreshDatabase } from "./helpers";

const BEFORE_0009 = (file: string) => /^000[1-8]_/.test(file);

/** A payout row as the versions before 0009 wrote it (submitted with `payoutId`). */
function legacyPayout(ledger: Ledger, business: string, key: string, payoutId: string | null, createdAt: string) {
  const state = payoutId ? "submitted" : "uncertain";
  return ledger.db.execute(sql`
    INSERT INTO payouts (business_id, idempotency_key, state, payout_id, status, amount_centavos, pix_key_type, pix_key_masked, created_by_name, created_by_role, created_at)
    VALUES (${business}, ${key}, ${state}, ${payoutId}, ${payoutId ? "pending" : null}, 5000, 'email', 'a***@example.com', 'Alice', 'operator', ${createdAt}::timestamptz)`);
}

/** The audit entry of a send the API answered with `payoutId` (the row got it from its own send). */
function ownSend(ledger: Ledger, business: string, key: string, payoutId: string) {
  return ledger.db.execute(sql`
    INSERT INTO audit_log (business_id, actor_name, action, outcome, target_type, target_id, idempotency_key)
    VALUES (${business}, 'Alice', 'payout.create', 'success', 'payout', ${payoutId}, ${key})`);
}

/** The audit entry of an older version's "mark handled" with that payout id. */
function attachedByHand(ledger: Ledger, business: string, key: string, payoutId: string) {
  return ledger.db.execute(sql`
    INSERT INTO audit_log (business_id, actor_name, action, outcome, target_type, target_id, idempotency_key)
    VALUES (${business}, 'Alice', 'payout.handled', 'success', 'payout', ${payoutId}, ${key})`);
}

async function stored(ledger: Ledger, business: string, key: string) {
  const [row] = await ledger.db
    .select()
    .from(payouts)
    .where(sql`${payouts.businessId} = ${business} AND ${payouts.idempotencyKey} = ${key}`);
  if (!row) throw new Error(`no row ${key}`);
  return row;
}

describe.each(drivers)("migration 0009 (%s)", (driver) => {
  const opened: Ledger[] = [];
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const ledger of opened.splice(0)) await ledger.close();
    for (const step of cleanup.splice(0)) await step();
  });

  async function ledgerBefore0009(): Promise<{ ledger: Ledger; dir: string }> {
    const database: FreshDatabase = await freshDatabase(driver);
    cleanup.push(() => database.drop());
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-0009-"));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    for (const file of (await readdir(defaultMigrationsDir())).filter(BEFORE_0009))
      await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
    const ledger = await createLedger({ ...database.options, migrationsDir: dir });
    opened.push(ledger);
    return { ledger, dir };
  }

  async function apply0009(ledger: Ledger, dir: string): Promise<void> {
    const file = (await readdir(defaultMigrationsDir())).find((f) => f.startsWith("0009_"));
    if (!file) throw new Error("no 0009 migration");
    await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
    expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [9] });
  }

  /** The migrations after 0009: today's code (the reads and writes below) uses the columns they add. */
  async function applyTheRest(ledger: Ledger, dir: string): Promise<void> {
    for (const file of (await readdir(defaultMigrationsDir())).filter((f) => /^\d{4}_/.test(f) && f > "0009_"))
      await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
    await migrateLedger(ledger.db, dir);
  }

  it("a payout id on several rows: the row whose own send got it keeps it; the others wait for a person, audited; the index is built", async () => {
    const { ledger, dir } = await ledgerBefore0009();
    await legacyPayout(ledger, ACME, "own", "po_dup", "2026-01-01T10:00:00Z");
    await ownSend(ledger, ACME, "own", "po_dup");
    await legacyPayout(ledger, ACME, "attached", "po_dup", "2026-01-02T10:00:00Z");
    await attachedByHand(ledger, ACME, "attached", "po_dup");
    // Two rows both given one id by hand: nothing tells which one it belongs to.
    await legacyPayout(ledger, ACME, "hand-1", "po_hand", "2026-01-03T10:00:00Z");
    await attachedByHand(ledger, ACME, "hand-1", "po_hand");
    await legacyPayout(ledger, ACME, "hand-2", "po_hand", "2026-01-03T11:00:00Z");
    await attachedByHand(ledger, ACME, "hand-2", "po_hand");
    // The same id in another business is not a duplicate; a single row keeps its id.
    await legacyPayout(ledger, BETA, "beta", "po_dup", "2026-01-04T10:00:00Z");
    await legacyPayout(ledger, ACME, "solo", "po_solo", "2026-01-05T10:00:00Z");
    await legacyPayout(ledger, ACME, "unanswered", null, "2026-01-06T10:00:00Z");

    await apply0009(ledger, dir);
    await applyTheRest(ledger, dir);

    expect(await stored(ledger, ACME, "own")).toMatchObject({ state: "submitted", payoutId: "po_dup" });
    expect(await stored(ledger, BETA, "beta")).toMatchObject({ state: "submitted", payoutId: "po_dup" });
    expect(await stored(ledger, ACME, "solo")).toMatchObject({ state: "submitted", payoutId: "po_solo" });
    for (const key of ["attached", "hand-1", "hand-2"]) {
      expect(await stored(ledger, ACME, key)).toMatchObject({
        state: "needs_review",
        payoutId: null,
        status: null,
        reviewReason: "shared_payout_id",
      });
    }
    // The columns this migration knew (0018 adds more, not applied here).
    const entries = await ledger.db
      .select({
        idempotencyKey: auditLog.idempotencyKey,
        action: auditLog.action,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(eq(auditLog.actorName, "ledger migration"));
    expect(entries.map((e) => e.idempotencyKey).sort()).toEqual(["attached", "hand-1", "hand-2"]);
    expect(entries.find((e) => e.idempotencyKey === "attached")).toMatchObject({
      action: "payout.review",
      targetId: "po_dup",
      before: { state: "submitted", payout_id: "po_dup" },
      after: { state: "needs_review", reason: "shared_payout_id" },
    });

    // Every row's send start is its creation.
    expect((await stored(ledger, ACME, "unanswered")).sendStartedAt.toISOString()).toBe("2026-01-06T10:00:00.000Z");
    expect((await stored(ledger, ACME, "own")).sendStartedAt.toISOString()).toBe("2026-01-01T10:00:00.000Z");
  });

  it("runs on a ledger without duplicates, and afterwards a second row cannot take a recorded payout id", async () => {
    const { ledger, dir } = await ledgerBefore0009();
    await apply0009(ledger, dir);
    await applyTheRest(ledger, dir);
    for (const key of ["a", "b"])
      await recordPayoutIntent(ledger, {
        businessId: ACME,
        idempotencyKey: key,
        body: payoutBody(key),
        pixKeyMasked: "m***",
        actor: ALICE,
      });
    expect(
      await completePayoutIntent(ledger, ACME, "a", { payoutId: "po_1", status: "pending", attempts: 1 }),
    ).toMatchObject({ state: "submitted" });
    const taken = await completePayoutIntent(ledger, ACME, "b", {
      payoutId: "po_1",
      status: "pending",
      attempts: 1,
    }).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(LedgerQueryError);
    expect(taken).toMatchObject({ code: "23505" });
    expect(await stored(ledger, ACME, "b")).toMatchObject({ state: "intent", payoutId: null });
  });
});
