import { describe, expect, it } from "vitest";
import { HOLDER_NAME_MAX, storableHolderName } from "@/lib/server/ledger/payouts";

describe("storableHolderName (the register's copy of the API's holder_name)", () => {
  it("keeps a name as the API wrote it, trimmed; none for absent or blank", () => {
    expect(storableHolderName("  Maria Helena Souza ")).toBe("Maria Helena Souza");
    expect(storableHolderName(undefined)).toBeNull();
    expect(storableHolderName(null)).toBeNull();
    expect(storableHolderName("   ")).toBeNull();
  });

  it("cuts a longer name at the column's bound, counting characters (not UTF-16 units), never refusing it", () => {
    const long = "😀".repeat(HOLDER_NAME_MAX + 5);
    const kept = storableHolderName(long) ?? "";
    expect(Array.from(kept)).toHaveLength(HOLDER_NAME_MAX);
    expect(kept).toBe("😀".repeat(HOLDER_NAME_MAX));
  });

  it("replaces what the ledger cannot store (NUL, a lone surrogate)", () => {
    expect(storableHolderName("Ana\u0000 \ud800Lima")).toBe("Ana\ufffd \ufffdLima");
  });
});
