import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appendAudit, listAudit, type AuditAction, type AuditEntryInput, type Ledger } from "@/lib/server/ledger";
import { auditLog } from "@/lib/server/ledger/schema";
import { ACME, ALICE, BETA, BOB, drivers, useLedger } from "./helpers";

const T0 = Date.parse("2026-05-10T09:00:00Z");
const hour = (n: number) => new Date(T0 + n * 3_600_000);

function entry(overrides: Partial<AuditEntryInput> = {}): AuditEntryInput {
  return { businessId: ACME, actor: ALICE, action: "session.sign_in", outcome: "success", ...overrides };
}

/** Six Acme entries one hour apart (ids 1..6) and one Beta entry. */
async function seed(ledger: Ledger) {
  await appendAudit(ledger, entry({ occurredAt: hour(0) }));
  await appendAudit(
    ledger,
    entry({
      occurredAt: hour(1),
      action: "payout.create",
      targetType: "payout",
      targetId: "p1",
      outcome: "pending",
      idempotencyKey: "k1",
    }),
  );
  await appendAudit(
    ledger,
    entry({
      occurredAt: hour(2),
      actor: BOB,
      action: "subaccount.block",
      targetType: "subaccount",
      targetId: "sub_1",
      before: { is_blocked: false },
      after: { is_blocked: true },
    }),
  );
  await appendAudit(
    ledger,
    entry({
      occurredAt: hour(3),
      actor: BOB,
      action: "payout.create",
      targetType: "payout",
      targetId: "p2",
      outcome: "failure",
      errorCode: "limit",
      errorMessage: "over limit",
      requestId: "req-3",
    }),
  );
  await appendAudit(
    ledger,
    entry({ occurredAt: hour(4), action: "subaccount.unblock", targetType: "subaccount", targetId: "sub_1" }),
  );
  await appendAudit(ledger, entry({ occurredAt: hour(5), action: "session.sign_out" }));
  await appendAudit(ledger, entry({ businessId: BETA, actor: { name: "Carla", role: "admin" }, occurredAt: hour(2) }));
}

describe.each(drivers)("audit log (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("appends an entry with every field", async () => {
    const row = await appendAudit(ledger(), {
      businessId: ACME,
      actor: { name: "Alice", role: "admin" },
      action: "subaccount.update",
      outcome: "success",
      targetType: "subaccount",
      targetId: "sub_1",
      before: { name: "Old", limits: { daily: 100 } },
      after: { name: "New", limits: { daily: 200 }, tags: ["a", "b"], note: null },
      idempotencyKey: "k-9",
      requestId: "req-9",
    });
    expect(row.id).toBeGreaterThan(0);
    expect(row.occurredAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({
      businessId: ACME,
      actorName: "Alice",
      actorRole: "admin",
      action: "subaccount.update",
      outcome: "success",
      targetType: "subaccount",
      targetId: "sub_1",
      before: { name: "Old", limits: { daily: 100 } },
      after: { name: "New", limits: { daily: 200 }, tags: ["a", "b"], note: null },
      idempotencyKey: "k-9",
      requestId: "req-9",
      errorCode: null,
      errorMessage: null,
    });
    const [stored] = await ledger().db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(stored).toEqual(row);
  });

  it("records an entry without a role", async () => {
    const row = await appendAudit(ledger(), {
      businessId: ACME,
      actor: { name: "system" },
      action: "payout.reconcile",
      outcome: "failure",
      errorCode: "upstream_unavailable",
    });
    expect(row).toMatchObject({ actorRole: null, outcome: "failure", errorCode: "upstream_unavailable" });
  });

  it("rejects malformed actions and outcomes in the database", async () => {
    await expect(appendAudit(ledger(), entry({ action: "Drop Table" as AuditAction }))).rejects.toThrow();
    await expect(appendAudit(ledger(), entry({ outcome: "maybe" as "success" }))).rejects.toThrow();
  });

  it("exports no way to change or remove entries", async () => {
    const audit = await import("@/lib/server/ledger/audit");
    expect(Object.keys(audit).sort()).toEqual(["appendAudit", "hasRecordedSuccess", "listAudit"]);
  });

  it("lists newest first with cursor pagination", async () => {
    await seed(ledger());
    const page1 = await listAudit(ledger(), ACME, { limit: 4 });
    expect(page1.items.map((e) => e.occurredAt.getTime())).toEqual(
      [hour(5), hour(4), hour(3), hour(2)].map((d) => d.getTime()),
    );
    expect(page1.nextCursor).toBe(String(page1.items[3]?.id));
    const page2 = await listAudit(ledger(), ACME, { limit: 4, cursor: page1.nextCursor });
    expect(page2.items.map((e) => e.occurredAt.getTime())).toEqual([hour(1), hour(0)].map((d) => d.getTime()));
    expect(page2.nextCursor).toBeNull();
    expect(await listAudit(ledger(), ACME, { cursor: "nope" })).toEqual({ items: [], nextCursor: null });
    expect(await listAudit(ledger(), ACME, { cursor: "0" })).toEqual({ items: [], nextCursor: null });
  });

  it("filters by actor, action, target, outcome and time range", async () => {
    await seed(ledger());
    const actions = async (q: Parameters<typeof listAudit>[2]) =>
      (await listAudit(ledger(), ACME, q)).items.map((e) => e.action);
    expect(await actions({ actor: "Bob" })).toEqual(["payout.create", "subaccount.block"]);
    expect(await actions({ actor: "bob" })).toEqual([]);
    expect(await actions({ action: "payout.create" })).toEqual(["payout.create", "payout.create"]);
    expect(await actions({ action: ["session.sign_in", "session.sign_out"] })).toEqual([
      "session.sign_out",
      "session.sign_in",
    ]);
    expect(await actions({ targetType: "subaccount", targetId: "sub_1" })).toEqual([
      "subaccount.unblock",
      "subaccount.block",
    ]);
    expect(await actions({ targetType: "payout" })).toHaveLength(2);
    expect(await actions({ outcome: "failure" })).toEqual(["payout.create"]);
    expect(await actions({ outcome: ["pending", "failure"] })).toHaveLength(2);
    expect(await actions({ from: hour(2), to: hour(4) })).toEqual(["payout.create", "subaccount.block"]);
    expect(await actions({ from: hour(5) })).toEqual(["session.sign_out"]);
    expect(await actions({ to: hour(1) })).toEqual(["session.sign_in"]);
    expect(await actions({ actor: "Bob", action: "payout.create", from: hour(0), to: hour(10) })).toEqual([
      "payout.create",
    ]);

    const failed = (await listAudit(ledger(), ACME, { outcome: "failure" })).items[0];
    expect(failed).toMatchObject({
      errorCode: "limit",
      errorMessage: "over limit",
      requestId: "req-3",
      actorRole: "operator",
    });
    const paged = await listAudit(ledger(), ACME, { actor: "Alice", limit: 2 });
    const rest = await listAudit(ledger(), ACME, { actor: "Alice", limit: 2, cursor: paged.nextCursor });
    expect([...paged.items, ...rest.items].map((e) => e.actorName)).toEqual(["Alice", "Alice", "Alice", "Alice"]);
    expect(rest.nextCursor).toBeNull();
  });

  it("never shows another business's entries", async () => {
    await seed(ledger());
    const beta = await listAudit(ledger(), BETA);
    expect(beta.items.map((e) => e.actorName)).toEqual(["Carla"]);
    expect((await listAudit(ledger(), BETA, { actor: "Alice" })).items).toEqual([]);
    expect((await listAudit(ledger(), BETA, { targetId: "sub_1" })).items).toEqual([]);
    expect((await listAudit(ledger(), ACME)).items.every((e) => e.businessId === ACME)).toBe(true);
  });
});
