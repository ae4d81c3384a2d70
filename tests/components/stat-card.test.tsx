import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { longestUnbreakable, StatCard } from "@/components/ui/stat-card";
import { formatMoney } from "@/lib/shared/format/number";

describe("a stat card's value fits its card", () => {
  it("counts an amount as one unbreakable run (Intl's no-break space after R$), through the span that wraps it", () => {
    const amount = formatMoney(18_685_224_830, "pt-BR");
    expect(amount).toBe("R$\u00a0186.852.248,30");
    expect(longestUnbreakable(amount)).toBe(17);
    expect(longestUnbreakable(<span data-testid="total">{amount}</span>)).toBe(17);
    expect(longestUnbreakable(["R$\u00a0", <b key="n">1.234,56</b>])).toBe(11);
    expect(longestUnbreakable(74_459)).toBe(5);
  });

  it("counts a phrase by its longest word, since it wraps between words", () => {
    expect(longestUnbreakable("Sem histórico para estimar")).toBe(9);
  });

  it("leaves a value that is not only text, and a loading card, at the full size", () => {
    expect(longestUnbreakable(<svg aria-label="chart" />)).toBeUndefined();
    expect(longestUnbreakable(null)).toBeUndefined();
  });

  it("hands the run's length to the stylesheet, which sizes the value to the card's width", () => {
    render(
      <>
        <StatCard label="Valor" value={<span data-testid="amount">{formatMoney(18_685_224_830, "pt-BR")}</span>} />
        <StatCard label="Tarifas" value={formatMoney(18_685_224_830, "pt-BR")} loading />
      </>,
    );
    const value = screen.getByTestId("amount").closest("[data-stat-value]");
    expect(value).toHaveStyle({ "--stat-chars": "17" });
    expect(value?.closest("[data-slot=stat-card]")).toHaveClass("@container");
    const loading = screen.getByText("Tarifas").closest("[data-slot=stat-card]")?.querySelector("[data-stat-value]");
    expect(loading?.getAttribute("style")).toBeNull();
  });
});
