import { describe, expect, it } from "vitest";
import { canonicalTimeZone } from "@/lib/shared/format/date";
import { resolveTimeZone } from "@/lib/shared/i18n/config";

describe("the reader's zone", () => {
  it("is the canonical region name, so the ledger and the page read the same days", () => {
    expect(resolveTimeZone("America/Sao_Paulo")).toBe("America/Sao_Paulo");
    expect(resolveTimeZone("America/Manaus")).toBe("America/Manaus");
    // Aliases PostgreSQL reads differently from ICU (IST: Israel there, India here) or not at all (BET).
    expect(resolveTimeZone("BET")).toBe("America/Sao_Paulo");
    expect(resolveTimeZone("IST")).toBe(canonicalTimeZone("Asia/Kolkata"));
    expect(resolveTimeZone("IST")).toMatch(/^Asia\//);
    expect(resolveTimeZone("Etc/UTC")).toBe("UTC");
  });

  it("falls back to São Paulo for what is not a zone", () => {
    expect(resolveTimeZone("Mars/Olympus_Mons")).toBe("America/Sao_Paulo");
    expect(resolveTimeZone("'; DROP TABLE payouts; --")).toBe("America/Sao_Paulo");
    expect(resolveTimeZone("")).toBe("America/Sao_Paulo");
    expect(resolveTimeZone(undefined)).toBe("America/Sao_Paulo");
    expect(canonicalTimeZone("x".repeat(100))).toBeNull();
  });
});
