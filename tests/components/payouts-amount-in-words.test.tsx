import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { amountInWords, integerToWordsEn, integerToWordsPt } from "@/components/payouts/amount-in-words";
import { PayoutReview } from "@/components/payouts/payout-review";
import { I18nProvider } from "@/lib/browser/i18n";
import { previewRoute, renderWithProviders, stubFetch } from "../helpers/payouts-dom";

describe("integerToWordsPt", () => {
  it.each([
    [0, "zero"],
    [1, "um"],
    [10, "dez"],
    [14, "quatorze"],
    [16, "dezesseis"],
    [19, "dezenove"],
    [20, "vinte"],
    [21, "vinte e um"],
    [99, "noventa e nove"],
    [100, "cem"],
    [101, "cento e um"],
    [110, "cento e dez"],
    [123, "cento e vinte e três"],
    [200, "duzentos"],
    [500, "quinhentos"],
    [999, "novecentos e noventa e nove"],
    [1000, "mil"],
    [1001, "mil e um"],
    [1100, "mil e cem"],
    [1101, "mil cento e um"],
    [1200, "mil e duzentos"],
    [1234, "mil duzentos e trinta e quatro"],
    [2000, "dois mil"],
    [21000, "vinte e um mil"],
    [100000, "cem mil"],
    [101000, "cento e um mil"],
    [999999, "novecentos e noventa e nove mil novecentos e noventa e nove"],
    [1000000, "um milhão"],
    [1000001, "um milhão e um"],
    [1001000, "um milhão e mil"],
    [1500000, "um milhão e quinhentos mil"],
    [1234567, "um milhão duzentos e trinta e quatro mil quinhentos e sessenta e sete"],
    [2000000, "dois milhões"],
    [1000000000, "um bilhão"],
    [3000000500, "três bilhões e quinhentos"],
    [1000000000000, "um trilhão"],
  ])("%i → %s", (n, words) => {
    expect(integerToWordsPt(n)).toBe(words);
  });
});

describe("integerToWordsEn", () => {
  it.each([
    [0, "zero"],
    [1, "one"],
    [13, "thirteen"],
    [21, "twenty-one"],
    [100, "one hundred"],
    [101, "one hundred one"],
    [1000, "one thousand"],
    [1001, "one thousand one"],
    [1234, "one thousand two hundred thirty-four"],
    [1000000, "one million"],
    [1500000, "one million five hundred thousand"],
    [2000000001, "two billion one"],
  ])("%i → %s", (n, words) => {
    expect(integerToWordsEn(n)).toBe(words);
  });
});

describe("amountInWords", () => {
  it.each([
    [123456, "mil duzentos e trinta e quatro reais e cinquenta e seis centavos"],
    [100, "um real"],
    [101, "um real e um centavo"],
    [1, "um centavo"],
    [50, "cinquenta centavos"],
    [0, "zero reais"],
    [200, "dois reais"],
    [100_000_000, "um milhão de reais"],
    [100_000_050, "um milhão de reais e cinquenta centavos"],
    [150_000_000, "um milhão e quinhentos mil reais"],
    [200_000_000_000, "dois bilhões de reais"],
    [8990, "oitenta e nove reais e noventa centavos"],
  ])("pt-BR %i → %s", (centavos, words) => {
    expect(amountInWords(centavos, "pt-BR")).toBe(words);
  });

  it.each([
    [123456, "one thousand two hundred thirty-four reais and fifty-six cents"],
    [100, "one real"],
    [101, "one real and one cent"],
    [1, "one cent"],
    [0, "zero reais"],
    [100_000_000, "one million reais"],
  ])("en %i → %s", (centavos, words) => {
    expect(amountInWords(centavos, "en")).toBe(words);
  });

  it("handles the largest safe amount with integer arithmetic only", () => {
    const words = amountInWords(Number.MAX_SAFE_INTEGER, "pt-BR");
    expect(words).toBe(
      "noventa trilhões setenta e um bilhões novecentos e noventa e dois milhões quinhentos e quarenta e sete mil quatrocentos e nove reais e noventa e um centavos",
    );
  });

  it("refuses anything that is not a non-negative safe integer", () => {
    expect(() => amountInWords(1.5, "pt-BR")).toThrow(RangeError);
    expect(() => amountInWords(-1, "en")).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN, "en")).toThrow(RangeError);
  });
});

describe("PayoutReview", () => {
  // The review asks the register for its estimate (payout-review-estimate.test.tsx tests what it shows).
  beforeEach(() => {
    stubFetch([previewRoute()]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const input = { amount_centavos: 123456, pix_key_type: "cpf" as const, pix_key: "52998224725" };

  it("shows the amount in digits and in words, and the key exactly as sent (pt-BR)", () => {
    renderWithProviders(
      <I18nProvider locale="pt-BR" timeZone="America/Sao_Paulo">
        <PayoutReview
          input={input}
          idempotencyKey="key-123456789"
          pending={false}
          onBack={vi.fn()}
          onConfirm={vi.fn()}
        />
      </I18nProvider>,
    );
    expect(screen.getByTestId("review-amount").textContent?.replace(/\s/g, " ")).toBe("R$ 1.234,56");
    expect(screen.getByTestId("review-amount-words")).toHaveTextContent(
      "Mil duzentos e trinta e quatro reais e cinquenta e seis centavos",
    );
    expect(screen.getByTestId("review-key")).toHaveTextContent(/^52998224725$/);
    expect(screen.getByText("Formatada: 529.982.247-25")).toBeInTheDocument();
    expect(screen.getByTestId("review-key-type")).toHaveTextContent("CPF");
    expect(screen.getByRole("button", { name: "Confirmar e enviar" })).toBeEnabled();
  });

  it("in English, and with the confirm button disabled while sending", () => {
    renderWithProviders(
      <I18nProvider locale="en" timeZone="America/Sao_Paulo">
        <PayoutReview
          input={{ ...input, pix_key_type: "email", pix_key: "ana@example.com" }}
          idempotencyKey="key-123456789"
          pending
          onBack={vi.fn()}
          onConfirm={vi.fn()}
        />
      </I18nProvider>,
    );
    expect(screen.getByTestId("review-amount-words")).toHaveTextContent(
      "One thousand two hundred thirty-four reais and fifty-six cents",
    );
    expect(screen.getByTestId("review-key-type")).toHaveTextContent("E-mail");
    expect(screen.queryByText(/^Formatted:/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sending…" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Back to edit" })).toBeDisabled();
  });
});
