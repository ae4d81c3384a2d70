/**
 * A failed payout moved no money: its page and its register row show no fee and no net, even though the API
 * still reports the amounts it would have had; a paid one shows both.
 */
import { screen, within } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { PayoutDetail } from "@/components/payouts/payout-detail";
import { shownFeeAndNet } from "@/lib/shared/payouts/fee-and-net";
import { ok, renderWithProviders, stubFetch } from "../helpers/payouts-dom";

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);

afterEach(() => {
  vi.unstubAllGlobals();
});

const payout = (status: "failed" | "paid") => ({
  id: `po_demo_${status}`,
  status,
  amount_centavos: 25_000,
  fee_centavos: 250,
  net_centavos: 24_750,
  end_to_end_id: status === "paid" ? "E00000000202611271200abcdefghijk" : null,
  failure_reason: status === "failed" ? "invalid_key" : null,
  created_at: "2026-11-27T12:00:00.000Z",
  paid_at: status === "paid" ? "2026-11-27T12:00:05.000Z" : null,
  bank_account: { holder_name: "Maria Silva", pix_key_masked: "m***@example.com", pix_key_type: "email" },
  register: null,
});

function detailValue(label: string): string {
  const term = screen.getAllByText(label, { selector: "dt" })[0];
  const row = term?.closest("div");
  if (!row) throw new Error(`no ${label} in the details`);
  return within(row).getByRole("definition").textContent ?? "";
}

it("a failed payout's page shows no fee and no net", async () => {
  stubFetch([(call) => (call.url.startsWith("/api/payouts/po_demo_failed") ? ok(payout("failed")) : undefined)]);
  renderWithProviders(<PayoutDetail id="po_demo_failed" />, { role: "support" });
  expect(await screen.findByTestId("payout-amount")).toHaveTextContent("250,00");
  expect(detailValue("Tarifa")).not.toMatch(/\d/);
  expect(detailValue("Valor líquido")).not.toMatch(/\d/);
  expect(screen.queryByText(/247,50/)).not.toBeInTheDocument();
});

it("a paid payout's page shows both", async () => {
  stubFetch([(call) => (call.url.startsWith("/api/payouts/po_demo_paid") ? ok(payout("paid")) : undefined)]);
  renderWithProviders(<PayoutDetail id="po_demo_paid" />, { role: "support" });
  expect(await screen.findByTestId("payout-amount")).toHaveTextContent("250,00");
  expect(detailValue("Tarifa")).toContain("2,50");
  expect(detailValue("Valor líquido")).toContain("247,50");
});

it("the rule itself: failed shows neither, any other status what the API reports", () => {
  expect(shownFeeAndNet({ status: "failed", fee_centavos: 250, net_centavos: 24_750 })).toEqual({
    fee: null,
    net: null,
  });
  expect(shownFeeAndNet({ status: "pending", fee_centavos: 250, net_centavos: 24_750 })).toEqual({
    fee: 250,
    net: 24_750,
  });
  expect(shownFeeAndNet({ status: "paid" })).toEqual({ fee: null, net: null });
});
