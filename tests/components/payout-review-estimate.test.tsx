/**
 * The single payout's review step: the fee and net estimated from the register and the last payout paid to the key
 * (POST /api/payouts/preview), labelled as estimates, the holder name said to be confirmed only after sending, a paid
 * time the API did not report said to be unknown (never replaced by another date), no line for a key never paid, a
 * failed look-up that never blocks sending, and the idempotency key folded under "Technical details".
 */
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PayoutReview } from "@/components/payouts/payout-review";
import { I18nProvider } from "@/lib/browser/i18n";
import type { Locale } from "@/lib/shared/i18n/config";
import { fail, previewRoute, renderWithProviders, stubFetch, type FetchCall } from "../helpers/payouts-dom";

const input = { amount_centavos: 50_000, pix_key_type: "email" as const, pix_key: "maria@example.com" };

const known = {
  fee_estimate: {
    basis: "proportional",
    minimum_fee_centavos: 100,
    ratio_fee_centavos: 100,
    ratio_amount_centavos: 10_000,
    total_centavos: 500,
    sample_size: 2,
  },
  estimated_net_centavos: 49_500,
  // 01:30 UTC on the 21st is still the 20th in São Paulo (UTC−3).
  last_paid_to: { holder_name: "Maria Souza Lima", paid_at: "2026-11-21T01:30:00.000Z" },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderReview(locale: Locale = "pt-BR", onConfirm = vi.fn()) {
  return renderWithProviders(
    <I18nProvider locale={locale} timeZone="America/Sao_Paulo">
      <PayoutReview
        input={input}
        idempotencyKey="flow-key-0123456789"
        pending={false}
        onBack={vi.fn()}
        onConfirm={onConfirm}
      />
    </I18nProvider>,
  );
}

const money = (element: HTMLElement) => element.textContent?.replace(/\s/g, " ");
const previewCalls = (calls: FetchCall[]) => calls.filter((c) => c.url === "/api/payouts/preview");

describe("the review's fee, net and last payout to the key", () => {
  it("shows the estimated fee and net, the holder last paid with the date in the zone, and asks with the form's values only", async () => {
    const calls = stubFetch([previewRoute(known)]);
    renderReview();
    expect(money(await screen.findByTestId("review-fee"))).toBe("R$ 5,00");
    expect(money(screen.getByTestId("review-net"))).toBe("R$ 495,00");
    expect(screen.getByText("Tarifa estimada")).toBeInTheDocument();
    expect(screen.getByText("Valor líquido estimado")).toBeInTheDocument();
    expect(screen.getByTestId("review-estimate-basis")).toHaveTextContent("(amostra: 2)");
    const lastPaid = screen.getByTestId("review-last-paid");
    expect(lastPaid).toHaveTextContent(/^Último pagamento para esta chave: Maria Souza Lima em 20 de nov\. de 2026/);
    expect(lastPaid).toHaveTextContent("o titular só é confirmado depois de enviar");
    // A POST with the form's values: the key is not in the URL, and no idempotency key is used.
    expect(previewCalls(calls)).toEqual([
      { method: "POST", url: "/api/payouts/preview", body: input, idempotencyKey: null },
    ]);
  });

  it("a paid time the API did not report is said to be unknown, with no date in its place", async () => {
    stubFetch([previewRoute({ ...known, last_paid_to: { holder_name: "Maria Souza Lima", paid_at: null } })]);
    renderReview();
    const lastPaid = await screen.findByTestId("review-last-paid");
    expect(lastPaid).toHaveTextContent(
      /^Último pagamento para esta chave: Maria Souza Lima — data do pagamento não informada/,
    );
    expect(lastPaid).not.toHaveTextContent(/\d{4}/);
  });

  it("with neither the holder name nor the paid time, the line says both are unknown", async () => {
    stubFetch([previewRoute({ ...known, last_paid_to: { holder_name: null, paid_at: null } })]);
    renderReview("en");
    const lastPaid = await screen.findByTestId("review-last-paid");
    expect(lastPaid).toHaveTextContent(
      /^This key was paid before from this dashboard \(holder name not recorded; payment date not reported\)/,
    );
    expect(lastPaid).not.toHaveTextContent(/\d{4}/);
  });

  it("a key never paid shows no line; no fee known yet says so, with no fee or net", async () => {
    const calls = stubFetch([previewRoute()]);
    renderReview();
    expect(await screen.findByText(/Ainda não há tarifa conhecida neste painel/)).toBeInTheDocument();
    expect(previewCalls(calls)).toHaveLength(1);
    expect(screen.queryByTestId("review-fee")).not.toBeInTheDocument();
    expect(screen.queryByTestId("review-net")).not.toBeInTheDocument();
    expect(screen.queryByTestId("review-last-paid")).not.toBeInTheDocument();
    expect(screen.queryByText(/Último pagamento/)).not.toBeInTheDocument();
  });

  it("a failed look-up is a quiet note and never blocks sending", async () => {
    stubFetch([
      (call) =>
        call.url === "/api/payouts/preview" ? fail(503, { code: "upstream_unavailable", message: "no" }) : undefined,
    ]);
    const onConfirm = vi.fn();
    const { user } = renderReview("pt-BR", onConfirm);
    expect(await screen.findByTestId("review-preview-failed")).toHaveTextContent("Isso não impede o envio.");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByTestId("review-fee")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Confirmar e enviar" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("the idempotency key is inside a collapsed 'Detalhes técnicos' disclosure", async () => {
    stubFetch([previewRoute(known)]);
    const { user } = renderReview();
    await screen.findByTestId("review-fee");
    const details = screen.getByTestId("review-technical-details");
    expect(details).not.toHaveAttribute("open");
    const summary = within(details).getByText("Detalhes técnicos");
    expect(within(details).getByText(/^Chave de idempotência:/)).toHaveTextContent("flow-key-0123456789");
    await user.click(summary);
    expect(details).toHaveAttribute("open");
  });

  it("in English", async () => {
    stubFetch([previewRoute(known)]);
    renderReview("en");
    expect(money(await screen.findByTestId("review-fee"))).toBe("R$5.00");
    expect(screen.getByText("Estimated fee")).toBeInTheDocument();
    expect(screen.getByText("Estimated net amount")).toBeInTheDocument();
    expect(screen.getByTestId("review-last-paid")).toHaveTextContent(
      /^Last paid to this key: Maria Souza Lima on Nov 20, 2026, GMT-3/,
    );
    expect(screen.getByText("Technical details")).toBeInTheDocument();
  });

  it("in English, a paid time not reported", async () => {
    stubFetch([previewRoute({ ...known, last_paid_to: { holder_name: "Maria Souza Lima", paid_at: null } })]);
    renderReview("en");
    expect(await screen.findByTestId("review-last-paid")).toHaveTextContent(
      /^Last paid to this key: Maria Souza Lima — payment date not reported/,
    );
  });
});
