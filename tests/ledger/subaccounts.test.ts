import { describe, expect, it } from "vitest";
import { getKnownSubaccount, listKnownSubaccounts, upsertKnownSubaccount } from "@/lib/server/ledger";
import { ACME, BETA, drivers, useLedger } from "./helpers";

const maria = {
  id: "sub_1",
  name: "Maria Silva",
  email: "maria@example.com",
  document: "12345678909",
  external_reference: "store-7",
  daily_limit_centavos: 100_000,
  monthly_limit_centavos: 2_000_000,
  is_blocked: false,
};

describe.each(drivers)("known subaccounts (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("stores a subaccount as the API returned it", async () => {
    const row = await upsertKnownSubaccount(ledger(), ACME, maria, "Alice");
    expect(row).toMatchObject({
      businessId: ACME,
      subaccountId: "sub_1",
      name: "Maria Silva",
      email: "maria@example.com",
      document: "12345678909",
      externalReference: "store-7",
      dailyLimitCentavos: 100_000,
      monthlyLimitCentavos: 2_000_000,
      isBlocked: false,
      updatedByName: "Alice",
    });
    expect(row.updatedAt).toBeInstanceOf(Date);
    expect(await getKnownSubaccount(ledger(), ACME, "sub_1")).toEqual(row);
  });

  it("updates only the fields given; null clears one", async () => {
    const first = await upsertKnownSubaccount(ledger(), ACME, maria, "Alice");
    const blocked = await upsertKnownSubaccount(ledger(), ACME, { id: "sub_1", is_blocked: true }, "Bob");
    expect(blocked).toMatchObject({
      name: "Maria Silva",
      dailyLimitCentavos: 100_000,
      isBlocked: true,
      updatedByName: "Bob",
    });
    expect(blocked.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());
    const cleared = await upsertKnownSubaccount(
      ledger(),
      ACME,
      { id: "sub_1", external_reference: null, daily_limit_centavos: 5 },
      null,
    );
    expect(cleared).toMatchObject({
      externalReference: null,
      dailyLimitCentavos: 5,
      isBlocked: true,
      updatedByName: null,
    });
    expect(await listKnownSubaccounts(ledger(), ACME)).toHaveLength(1);
  });

  it("keeps large centavo amounts exact", async () => {
    const big = 9_007_199_254_740_991; // Number.MAX_SAFE_INTEGER
    const row = await upsertKnownSubaccount(ledger(), ACME, { id: "sub_big", monthly_limit_centavos: big }, "Alice");
    expect(row.monthlyLimitCentavos).toBe(big);
    expect((await getKnownSubaccount(ledger(), ACME, "sub_big"))?.monthlyLimitCentavos).toBe(big);
  });

  it("lists by name, unnamed last", async () => {
    await upsertKnownSubaccount(ledger(), ACME, { id: "sub_c" }, "Alice");
    await upsertKnownSubaccount(ledger(), ACME, { ...maria, id: "sub_b", name: "Zeca" }, "Alice");
    await upsertKnownSubaccount(ledger(), ACME, { ...maria, id: "sub_a", name: "Ana" }, "Alice");
    expect((await listKnownSubaccounts(ledger(), ACME)).map((s) => s.subaccountId)).toEqual([
      "sub_a",
      "sub_b",
      "sub_c",
    ]);
  });

  it("keeps each business's subaccounts apart, even with the same id", async () => {
    await upsertKnownSubaccount(ledger(), ACME, maria, "Alice");
    expect(await getKnownSubaccount(ledger(), BETA, "sub_1")).toBeNull();
    expect(await listKnownSubaccounts(ledger(), BETA)).toEqual([]);

    await upsertKnownSubaccount(ledger(), BETA, { id: "sub_1", name: "Beta's own", is_blocked: true }, "Carla");
    expect((await getKnownSubaccount(ledger(), ACME, "sub_1"))?.name).toBe("Maria Silva");
    expect((await getKnownSubaccount(ledger(), ACME, "sub_1"))?.isBlocked).toBe(false);
    expect((await listKnownSubaccounts(ledger(), BETA)).map((s) => s.name)).toEqual(["Beta's own"]);
  });
});
