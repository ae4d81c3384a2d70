/**
 * A subaccount change is recorded as one unit: its state and its audit entry
 * commit together or not at all. What the API answered is stored even when it
 * holds text PostgreSQL cannot store (replaced by U+FFFD).
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  appendAudit,
  getKnownSubaccount,
  listAudit,
  recordSubaccountChange,
  upsertKnownSubaccount,
} from "@/lib/server/ledger";
import { ACME, ALICE, drivers, useLedger } from "./helpers";

const maria = {
  id: "sub_1",
  name: "Maria Silva",
  email: "maria@example.com",
  daily_limit_centavos: 100_000,
  is_blocked: false,
};

const change = (daily: number) => ({
  businessId: ACME,
  subaccount: { ...maria, daily_limit_centavos: daily },
  actorName: ALICE.name,
  audit: {
    actor: ALICE,
    action: "subaccount.update" as const,
    outcome: "success" as const,
    targetType: "subaccount",
    targetId: "sub_1",
    idempotencyKey: `key-${daily}`,
  },
  after: (row: { dailyLimitCentavos: number | null }) => ({ daily_limit_centavos: row.dailyLimitCentavos }),
});

describe.each(drivers)("subaccount changes (%s)", (driver) => {
  const ledger = useLedger(driver);

  afterEach(async () => {
    await ledger().db.execute(sql.raw("DROP TRIGGER IF EXISTS audit_fails ON audit_log"));
    await ledger().db.execute(sql.raw("DROP FUNCTION IF EXISTS audit_fails()"));
  });

  it("stores the new state and its audit entry, the entry made from the stored row", async () => {
    const { row, audit } = await recordSubaccountChange(ledger(), change(250_000));
    expect(row).toMatchObject({ subaccountId: "sub_1", dailyLimitCentavos: 250_000, updatedByName: "Alice" });
    expect(audit).toMatchObject({
      action: "subaccount.update",
      targetId: "sub_1",
      outcome: "success",
      after: { daily_limit_centavos: 250_000 },
    });
    expect((await listAudit(ledger(), ACME)).items).toHaveLength(1);
  });

  it("when the audit insert fails after the state write, neither is kept", async () => {
    await upsertKnownSubaccount(ledger(), ACME, maria, "Alice");
    // The audit insert fails after the subaccount row was written in the same transaction.
    await ledger().db.execute(
      sql.raw(
        "CREATE FUNCTION audit_fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit insert failed'; END $$",
      ),
    );
    await ledger().db.execute(
      sql.raw("CREATE TRIGGER audit_fails BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_fails()"),
    );

    await expect(recordSubaccountChange(ledger(), change(999_000))).rejects.toThrow();
    expect((await getKnownSubaccount(ledger(), ACME, "sub_1"))?.dailyLimitCentavos).toBe(100_000);
    expect((await listAudit(ledger(), ACME)).items).toEqual([]);
  });

  it("an API answer with NUL or a lone surrogate is stored with U+FFFD instead of failing", async () => {
    const row = await upsertKnownSubaccount(
      ledger(),
      ACME,
      { ...maria, name: "Maria\u0000Silva", external_reference: "ref-\ud800", email: "ok\ud83d\ude00@example.com" },
      "Al\u0000ice",
    );
    expect(row).toMatchObject({
      name: "Maria\uFFFDSilva",
      externalReference: "ref-\uFFFD",
      email: "ok\ud83d\ude00@example.com",
      updatedByName: "Al\uFFFDice",
    });
    expect(await getKnownSubaccount(ledger(), ACME, "sub_1")).toEqual(row);
  });

  it("an audit entry with NUL in its texts and snapshots is stored with U+FFFD instead of failing", async () => {
    const entry = await appendAudit(ledger(), {
      businessId: ACME,
      actor: ALICE,
      action: "subaccount.update",
      outcome: "failure",
      targetId: "sub\u0000",
      before: { name: "Maria\u0000", tags: ["a\u0000"] },
      after: { ["na\u0000me"]: "x\udc00y", limit: 5 },
      errorMessage: "refused: \u0000",
    });
    expect(entry).toMatchObject({
      targetId: "sub\uFFFD",
      before: { name: "Maria\uFFFD", tags: ["a\uFFFD"] },
      after: { ["na\uFFFDme"]: "x\uFFFDy", limit: 5 },
      errorMessage: "refused: \uFFFD",
    });
  });
});
