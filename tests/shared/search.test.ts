import { describe, expect, it, vi } from "vitest";
import { buildSearchKeys, matchesAllTerms, normalizeForSearch, searchTerms } from "@/lib/shared/search";

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

describe("search keys computed once per list", () => {
  it("folds each item's text, in order, so a search only compares ready strings", () => {
    const items = [
      { name: "Conceição", slug: "conceicao" },
      { name: "PÃO de Queijo", slug: "pao" },
    ];
    const text = vi.fn((item: { name: string; slug: string }) => `${item.name} ${item.slug}`);
    const keys = buildSearchKeys(items, text);
    expect(keys).toEqual(["conceicao conceicao", "pao de queijo pao"]);
    expect(text).toHaveBeenCalledTimes(2);
    const terms = searchTerms("queijo PAO");
    expect(items.filter((_, i) => matchesAllTerms(keys[i] ?? "", terms))).toEqual([items[1]]);
  });

  it("gives no keys for no items", () => {
    expect(buildSearchKeys([], String)).toEqual([]);
  });
});
