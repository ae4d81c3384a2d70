import { describe, expect, it } from "vitest";
import { matchesAllTerms, normalizeForSearch, searchTerms } from "@/lib/shared/search";

describe("search normalisation (one rule for every search box)", () => {
  it("folds accents and case", () => {
    expect(normalizeForSearch("João Conceição ÁÉÎÕÜ")).toBe("joao conceicao aeiou");
    expect(normalizeForSearch("Ñandú")).toBe("nandu");
  });

  it("splits what was typed into folded words; blank input has none", () => {
    expect(searchTerms("  Café   PÃO ")).toEqual(["cafe", "pao"]);
    expect(searchTerms("   ")).toEqual([]);
  });

  it("matches when every word is in the haystack, in any order", () => {
    const hay = normalizeForSearch("Conceição Pagamentos cb_0042");
    expect(matchesAllTerms(hay, searchTerms("pagamentos conceicao"))).toBe(true);
    expect(matchesAllTerms(hay, searchTerms("0042 CONCEI"))).toBe(true);
    expect(matchesAllTerms(hay, searchTerms("conceicao boletos"))).toBe(false);
    expect(matchesAllTerms(hay, [])).toBe(true);
  });
});
