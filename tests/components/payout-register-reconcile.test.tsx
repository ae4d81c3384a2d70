import { screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PayoutRegister } from "@/components/payouts/payout-register";
import type { RegisterTotals } from "@/lib/shared/schemas/register";
import { ok, registerRow, stubFetch, type FetchCall } from "../helpers/payouts-dom";
import { captureDownloads } from "../helpers/downloads";
import { renderWithProviders } from "../helpers/render";
import { stubWideScreen } from "../helpers/table-layout";
import { nav } from "../helpers/url-navigation";

vi.mock("next/navigation", async () => (await import("../helpers/url-navigation")).urlNavigation("/payouts"));

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", {
    configurable: true,
    get(this: HTMLElement) {
      if (this.dataset.slot === "data-table-scroll") return 800;
      return this.tagName === "TR" ? 56 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 1200 });
  Object.defineProperty(HTMLElement.prototype, "offsetHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.tagName === "TR" ? 56 : 0;
    },
  });
});
afterAll(() => {
  for (const prop of ["clientHeight", "clientWidth", "offsetHeight"])
    Reflect.deleteProperty(HTMLElement.prototype, prop);
});
beforeEach(() => {
  stubWideScreen();
});
afterEach(() => vi.unstubAllGlobals());

const ROWS = [
  registerRow({
    id: "po_paid",
    idempotency_key: "key-paid",
    state: "submitted",
    status: "paid",
    amount_centavos: 10_000,
    fee_centavos: 100,
    net_centavos: 9_900,
    holder_name: "Maria Helena Souza",
    last_error: null,
    review: null,
  }),
  registerRow({
    id: "po_failed",
    idempotency_key: "key-failed",
    state: "submitted",
    status: "failed",
    amount_centavos: 20_000,
    fee_centavos: 200,
    net_centavos: 19_800,
    last_error: null,
    review: null,
  }),
];
const TOTALS: RegisterTotals = {
  count: 2,
  amount_centavos: 30_000,
  fee_centavos: 100,
  net_centavos: 9_900,
  fee_count: 1,
};

function routes(totals: RegisterTotals) {
  return [
    (call: FetchCall) =>
      call.url.startsWith("/api/payouts/attention") ? ok({ needs_review: 0, in_progress: 0 }) : undefined,
    (call: FetchCall) => (call.url.startsWith("/api/payouts/totals") ? ok(totals) : undefined),
    (call: FetchCall) =>
      call.url.startsWith("/api/payouts/export")
        ? new Response("\uFEFFID do repasse\r\npo_paid\r\n", { headers: { "content-type": "text/csv; charset=utf-8" } })
        : undefined,
    (call: FetchCall) => (call.url.startsWith("/api/payouts?") ? ok({ items: ROWS, next_cursor: null }) : undefined),
  ];
}

const params = (call: FetchCall | undefined) => new URL(call?.url ?? "/", "http://x").searchParams;

describe("the payout register's date range, totals, holder and export", () => {
  it("sends the São Paulo days as instants to the list and the totals, shows the totals with the zone, names the holder", async () => {
    nav.go("/payouts?from=2030-05-09&to=2030-05-10");
    const calls = stubFetch(routes(TOTALS));
    renderWithProviders(<PayoutRegister />, { role: "finance" });

    const totals = await screen.findByTestId("register-total-amount", {}, { timeout: 5000 });
    expect(totals).toHaveTextContent("R$ 300,00");
    expect(screen.getByTestId("register-total-count")).toHaveTextContent("2");
    expect(screen.getByTestId("register-total-fee")).toHaveTextContent("R$ 1,00");
    expect(screen.getByTestId("register-total-net")).toHaveTextContent("R$ 99,00");
    expect(screen.getByTestId("register-totals-range")).toHaveTextContent(
      "Criados de 09/05/2030 a 10/05/2030 (Brasília / São Paulo (BRT))",
    );
    expect(screen.getByTestId("register-totals-note")).toHaveTextContent(
      "O valor soma todos os repasses listados, inclusive os com falha ou recusados. Tarifas e líquido somam só o repasse com tarifa conhecida (1); repasses com falha não somam tarifa nem líquido.",
    );

    const list = calls.find((c) => c.url.startsWith("/api/payouts?"));
    const sums = calls.find((c) => c.url.startsWith("/api/payouts/totals"));
    for (const call of [list, sums]) {
      expect(params(call).get("from")).toBe("2030-05-09T03:00:00Z");
      expect(params(call).get("to")).toBe("2030-05-11T03:00:00Z");
    }
    expect(await screen.findByText("Maria Helena Souza", {}, { timeout: 5000 })).toBeInTheDocument();
    const failedRow = screen.getByRole("row", { name: /po_failed/ });
    // The failed payout shows no fee or net, and no holder yet ("—", with why on hover).
    expect(within(failedRow).getAllByText("—").length).toBeGreaterThanOrEqual(3);
    expect(await screen.findByRole("group", { name: "Criados entre (dias em BRT)" })).toBeInTheDocument();
  });

  it("clearing the range clears it from the URL and asks again without it", async () => {
    nav.go("/payouts?from=2030-05-09&to=2030-05-10");
    const calls = stubFetch(routes(TOTALS));
    const { user } = renderWithProviders(<PayoutRegister />, { role: "operator" });
    await screen.findByTestId("register-total-amount", {}, { timeout: 5000 });
    await user.clear(await screen.findByLabelText("Último dia, inteiro (BRT)"));
    expect(window.location.search).toBe("?from=2030-05-09");
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.startsWith("/api/payouts/totals") && params(c).get("to") === null && params(c).get("from"),
        ),
      ).toBe(true),
    );
  });

  it("exports through the server with the same filters (the language and zone are the person's cookies)", async () => {
    nav.go("/payouts?from=2030-05-09&to=2030-05-10&status=paid");
    const calls = stubFetch(routes(TOTALS));
    const { files } = captureDownloads();
    const { user } = renderWithProviders(<PayoutRegister />, { role: "support" });
    await screen.findByTestId("register-total-amount", {}, { timeout: 5000 });
    await user.click(screen.getByRole("button", { name: "Exportar CSV" }));
    await waitFor(() => expect(files).toHaveLength(1));
    const exportCall = calls.find((c) => c.url.startsWith("/api/payouts/export"));
    expect(Object.fromEntries(params(exportCall))).toEqual({
      from: "2030-05-09T03:00:00Z",
      to: "2030-05-11T03:00:00Z",
      status: "paid",
      format: "csv",
    });
    expect(await files[0]?.text()).toContain("po_paid");
  });

  it("above the row cap the export is off and says why", async () => {
    nav.go("/payouts");
    stubFetch(routes({ ...TOTALS, count: 10_001 }));
    renderWithProviders(<PayoutRegister />, { role: "operator" });
    expect(await screen.findByTestId("register-export-too-many", {}, { timeout: 5000 })).toHaveTextContent(
      "Mais de 10.000 repasses neste filtro: estreite as datas para exportar.",
    );
    expect(screen.getByRole("button", { name: "Exportar CSV" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Exportar Excel (.xlsx)" })).toBeDisabled();
  });

  it("an insights link's outcome filters the list and the totals, and shows as a chip that removes it", async () => {
    nav.go("/payouts?outcome=failed&from=2030-05-09&to=2030-05-10");
    const calls = stubFetch(routes(TOTALS));
    const { user } = renderWithProviders(<PayoutRegister />, { role: "operator" });
    await screen.findByTestId("register-total-amount", {}, { timeout: 5000 });
    for (const prefix of ["/api/payouts?", "/api/payouts/totals"]) {
      const call = calls.find((c) => c.url.startsWith(prefix));
      expect(params(call).get("outcome"), prefix).toBe("failed");
      expect(params(call).get("from"), prefix).toBe("2030-05-09T03:00:00Z");
    }
    // The outcome's one name, as the insights page's column says it.
    const chip = screen.getByRole("button", { name: "Resultado: Falharam (remover filtro)" });
    expect(chip).toHaveTextContent("Resultado: Falharam");
    await user.click(chip);
    expect(window.location.search).toBe("?from=2030-05-09&to=2030-05-10");
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith("/api/payouts/totals")).at(-1)?.url).not.toContain("outcome"),
    );
    expect(screen.queryByRole("button", { name: /^Resultado:/ })).not.toBeInTheDocument();
  });

  it("names pending as the insights do (one name per outcome in both places)", async () => {
    nav.go("/payouts?outcome=pending&from=2030-05-09&to=2030-05-10");
    stubFetch(routes(TOTALS));
    renderWithProviders(<PayoutRegister />, { role: "operator" });
    await screen.findByTestId("register-total-amount", {}, { timeout: 5000 });
    expect(screen.getByRole("button", { name: "Resultado: Pendentes (remover filtro)" })).toHaveTextContent(
      "Resultado: Pendentes",
    );
  });

  it("an outcome the dashboard does not know is ignored", async () => {
    nav.go("/payouts?outcome=lost");
    const calls = stubFetch(routes(TOTALS));
    renderWithProviders(<PayoutRegister />, { role: "operator" });
    await screen.findByTestId("register-total-amount", {}, { timeout: 5000 });
    expect(params(calls.find((c) => c.url.startsWith("/api/payouts?"))).get("outcome")).toBeNull();
  });

  it("an insights link's period (an hour of a day) filters the list, the totals and the export to its exact instants", async () => {
    const since = "2030-05-09T17:00:00.000Z";
    const until = "2030-05-09T18:00:00.000Z";
    nav.go(`/payouts?outcome=failed&since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}`);
    const calls = stubFetch(routes(TOTALS));
    const { files } = captureDownloads();
    const { user } = renderWithProviders(<PayoutRegister />, { role: "finance" });
    await screen.findByTestId("register-total-amount", {}, { timeout: 5000 });
    for (const prefix of ["/api/payouts?", "/api/payouts/totals"]) {
      const call = calls.find((c) => c.url.startsWith(prefix));
      expect(params(call).get("from"), prefix).toBe(since);
      expect(params(call).get("to"), prefix).toBe(until);
    }
    // Its times in the business's zone (14:00–15:00 in São Paulo), the end said to be left out.
    expect(screen.getByTestId("register-totals-range")).toHaveTextContent(
      "Criados de 09/05/2030, 14:00 até antes de 09/05/2030, 15:00 (Brasília / São Paulo (BRT))",
    );
    const chip = screen.getByTestId("register-period-filter");
    expect(chip).toHaveTextContent("Período: 09/05/2030, 14:00 até antes de 09/05/2030, 15:00");

    await user.click(screen.getByRole("button", { name: "Exportar CSV" }));
    await waitFor(() => expect(files).toHaveLength(1));
    const exportCall = calls.find((c) => c.url.startsWith("/api/payouts/export"));
    expect(params(exportCall).get("from")).toBe(since);
    expect(params(exportCall).get("to")).toBe(until);

    await user.click(chip);
    expect(window.location.search).toBe("?outcome=failed");
    await waitFor(() =>
      expect(params(calls.filter((c) => c.url.startsWith("/api/payouts/totals")).at(-1)).get("from")).toBeNull(),
    );
  });

  it("with days as well, the rows are those in both: the later start and the earlier end", async () => {
    nav.go(
      `/payouts?from=2030-05-09&to=2030-05-09&since=${encodeURIComponent("2030-05-08T23:00:00Z")}&until=${encodeURIComponent("2030-05-09T05:00:00Z")}`,
    );
    const calls = stubFetch(routes(TOTALS));
    renderWithProviders(<PayoutRegister />, { role: "operator" });
    await screen.findByTestId("register-total-amount", {}, { timeout: 5000 });
    const list = calls.find((c) => c.url.startsWith("/api/payouts?"));
    // The day starts at 03:00Z in São Paulo, later than the period's 23:00Z; the period ends first.
    expect(params(list).get("from")).toBe("2030-05-09T03:00:00Z");
    expect(params(list).get("to")).toBe("2030-05-09T05:00:00Z");
  });

  it("writes a period exactly: seconds when an end has them, the UTC offsets when the clocks repeat in it", async () => {
    // The last hour ending at 14:23:17 in São Paulo.
    nav.go(
      `/payouts?since=${encodeURIComponent("2030-05-09T16:23:17.000Z")}&until=${encodeURIComponent("2030-05-09T17:23:17.000Z")}`,
    );
    stubFetch(routes(TOTALS));
    const { unmount } = renderWithProviders(<PayoutRegister />, { role: "operator" });
    await screen.findByTestId("register-total-amount", {}, { timeout: 5000 });
    expect(screen.getByTestId("register-totals-range")).toHaveTextContent(
      "Criados de 09/05/2030, 13:23:17 até antes de 09/05/2030, 14:23:17",
    );
    expect(
      screen.getByRole("button", { name: /^Período: 09\/05\/2030, 13:23:17 .*\(remover filtro\)$/ }),
    ).toBeVisible();
    unmount();

    // 2019-02-16 23:30 (UTC−2) to 23:30 again (UTC−3): the same clock time, told apart by the offset.
    nav.go(
      `/payouts?since=${encodeURIComponent("2019-02-17T01:30:00Z")}&until=${encodeURIComponent("2019-02-17T02:30:00Z")}`,
    );
    renderWithProviders(<PayoutRegister />, { role: "operator" });
    await screen.findByTestId("register-total-amount", {}, { timeout: 5000 });
    expect(screen.getByTestId("register-totals-range")).toHaveTextContent(
      "Criados de 16/02/2019, 23:30 GMT-2 até antes de 16/02/2019, 23:30 GMT-3",
    );
  });

  it("a period the URL gets wrong is ignored rather than sent", async () => {
    // Not an instant, out of range, or (below) ending before it starts.
    nav.go("/payouts?since=yesterday&until=1999-01-01T00:00:00Z");
    const calls = stubFetch(routes(TOTALS));
    const { unmount } = renderWithProviders(<PayoutRegister />, { role: "operator" });
    await screen.findByTestId("register-total-amount", {}, { timeout: 5000 });
    const list = calls.find((c) => c.url.startsWith("/api/payouts?"));
    expect(params(list).get("from")).toBeNull();
    expect(params(list).get("to")).toBeNull();
    expect(screen.queryByTestId("register-period-filter")).toBeNull();
    unmount();

    nav.go(
      `/payouts?since=${encodeURIComponent("2030-05-09T18:00:00Z")}&until=${encodeURIComponent("2030-05-09T17:00:00Z")}`,
    );
    const again = stubFetch(routes(TOTALS));
    renderWithProviders(<PayoutRegister />, { role: "operator" });
    await screen.findByTestId("register-total-amount", {}, { timeout: 5000 });
    expect(params(again.find((c) => c.url.startsWith("/api/payouts?"))).get("from")).toBeNull();
    expect(screen.queryByTestId("register-period-filter")).toBeNull();
  });
});
