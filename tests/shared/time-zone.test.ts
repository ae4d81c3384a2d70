import { describe, expect, it } from "vitest";
import { canonicalTimeZone, isValidTimeZone } from "@/lib/shared/format/date";
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

  it("gives the same answer when asked again, past the remembered names too", () => {
    for (let round = 0; round < 2; round++) {
      expect(canonicalTimeZone("BET")).toBe("America/Sao_Paulo");
      expect(canonicalTimeZone("Mars/Olympus_Mons")).toBeNull();
      expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
      expect(isValidTimeZone("America/Manaus")).toBe(true);
    }
    // More names than it remembers: the answers stay right after it starts over.
    for (let i = 0; i < 600; i++) expect(isValidTimeZone(`Nowhere/Place_${i}`)).toBe(false);
    expect(isValidTimeZone("America/Manaus")).toBe(true);
    // Any spelling of a known zone is one: each is remembered, the cache still bounded.
    const letters = [..."americasaopaulo"];
    const spelt = (i: number) => letters.map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join("");
    const spellings = Array.from({ length: 600 }, (_, i) => {
      const word = spelt(i);
      return `${word.slice(0, 7)}/${word.slice(7, 10)}_${word.slice(10)}`;
    });
    expect(new Set(spellings).size).toBe(600);
    for (const name of spellings) expect(canonicalTimeZone(name)).toBe("America/Sao_Paulo");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
  });
});
