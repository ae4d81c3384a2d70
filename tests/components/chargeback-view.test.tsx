import { readSheet } from "read-excel-file/node";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ChargebacksView } from "@/components/chargebacks/chargebacks-view";
import { captureDownloads, type CapturedDownload } from "../helpers/downloads";
import { renderWithProviders } from "../helpers/render";
import { stubTableLayout, stubWideScreen } from "../helpers/table-layout";

vi.mock("next/navigation", async () => (await import("../helpers/url-navigation")).urlNavigation("/chargebacks"));

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const LIST = [
  {
    id: "cb_card_1",
    kind: "card_chargeback",
    status: "needs_response",
    amount_centavos: "150000",
    created_at: at(-200),
    respond_by: at(100),
    customer_name: "Ana Souza",
    reason: "Fraude",
    reason_code: "10.4",
    card_brand: "visa",
    card_last4: "4242",
    network_case_id: "NC0000000001",
  },
  {
    id: "cb_med_1",
    kind: "pix_med",
    status: "needs_response",
    amount_centavos: "5000",
    created_at: at(-20),
    respond_by: at(5.5),
    customer_name: "João",
    reason: "Golpe",
    reason_code: "MED_SCAM",
    payout_id: "po_demo_paid",
    end_to_end_id: "E99999999202611201200abcdefghijk",
  },
  {
    id: "cb_med_2",
    kind: "pix_med",
    status: "won",
    amount_centavos: "700",
    created_at: at(-900),
    respond_by: at(-700),
    customer_name: "Caio",
  },
];

function respond(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

stubTableLayout({ viewport: 800, row: 44 });
beforeAll(() => stubWideScreen());

let fetchSpy: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  window.history.replaceState(null, "", "/chargebacks");
  fetchSpy = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchSpy);
  stubWideScreen();
});
afterEach(() => vi.unstubAllGlobals());

function renderView() {
  const { user } = renderWithProviders(<ChargebacksView />);
  return { user };
}

function bodyRows() {
  return within(screen.getByRole("table", { name: "Contestações" }))
    .getAllByRole("row")
    .filter((r) => r.hasAttribute("data-index"));
}

describe("ChargebacksView", () => {
  it("lists MED and card disputes told apart, open ones by nearest deadline, with countdowns and the unknown field as a column", async () => {
    fetchSpy.mockResolvedValue(respond({ data: LIST, error: null, request_id: "req_1" }));
    renderView();
    await waitFor(() => expect(bodyRows()).toHaveLength(3), { timeout: 5000 });
    const [first, second, third] = bodyRows();
    expect(first).toHaveTextContent("cb_med_1");
    expect(first).toHaveTextContent("MED Pix");
    expect(first).toHaveTextContent(/Vence em 5 h (29|30) min/);
    expect(first).toHaveTextContent("(BRT)");
    expect(first?.querySelector("[data-urgency]")?.getAttribute("data-urgency")).toBe("due24h");
    expect(second).toHaveTextContent("cb_card_1");
    expect(second).toHaveTextContent("Cartão");
    expect(second).toHaveTextContent("NC0000000001");
    expect(second).toHaveTextContent("R$ 1.500,00");
    expect(third).toHaveTextContent("cb_med_2");
    expect(screen.getByRole("columnheader", { name: /network_case_id/ })).toBeInTheDocument();
    expect(within(screen.getByTestId("tile-needs-action")).getByText("2")).toBeInTheDocument();
  });

  it("filters by kind through the URL and exports exactly the filtered view", async () => {
    fetchSpy.mockResolvedValue(respond({ data: LIST, error: null, request_id: "req_1" }));
    const { files, click } = captureDownloads();
    const { user } = renderView();
    await waitFor(() => expect(bodyRows()).toHaveLength(3), { timeout: 5000 });
    await user.selectOptions(screen.getByRole("combobox", { name: "Tipo de contestação" }), "pix_med");
    expect(window.location.search).toBe("?kind=pix_med");
    await waitFor(() => expect(bodyRows()).toHaveLength(2), { timeout: 5000 });
    await user.click(screen.getByRole("button", { name: "Exportar CSV" }));
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 5000 });
    expect(click).toHaveBeenCalledTimes(1);
    const text = await files[0]?.text();
    const lines = (text ?? "")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    // The operator reads pt-BR: semicolons and translated headers and values.
    expect(lines[0]?.split(";").slice(0, 3)).toEqual(["ID da contestação", "Tipo", "Status"]);
    expect(lines.slice(1).map((l) => l.split(";")[0])).toEqual(["cb_med_1", "cb_med_2"]);
    expect(lines[1]?.split(";")[1]).toBe("MED Pix");

    // The same rows as a workbook: write-excel-file loaded on the click, amounts as numbers.
    await user.click(screen.getByRole("button", { name: "Exportar Excel (.xlsx)" }));
    await waitFor(() => expect(files).toHaveLength(2), { timeout: 5000 });
    const cells = await readSheet(await (files[1] as CapturedDownload).bytes());
    expect(cells[0]?.slice(0, 4)).toEqual(["ID da contestação", "Tipo", "Status", "Valor"]);
    expect(cells.slice(1).map((r) => r[0])).toEqual(["cb_med_1", "cb_med_2"]);
    expect(typeof cells[1]?.[3]).toBe("number");
  });

  it("filters by the insights' due buckets: the select offers them, and a bucket in the URL lists exactly its cases", async () => {
    fetchSpy.mockResolvedValue(respond({ data: LIST, error: null, request_id: "req_1" }));
    const { user } = renderView();
    await waitFor(() => expect(bodyRows()).toHaveLength(3), { timeout: 5000 });
    const select = screen.getByRole("combobox", { name: "Prazo de resposta" });
    const labels = within(select)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(labels).toEqual([
      "Qualquer prazo",
      "Vencidas",
      "Vencem em 24 h",
      "Vencem em 72 h",
      "Vencem hoje",
      "Vencem em 1 a 3 dias",
      "Vencem em 4 a 7 dias",
      "Vencem em mais de 7 dias",
      "Sem prazo",
    ]);
    // 100 hours on is the 4th or 5th calendar day in São Paulo, whatever the time of day: only cb_card_1.
    await user.selectOptions(select, "7d");
    expect(window.location.search).toBe("?deadline=7d");
    await waitFor(() => expect(bodyRows()).toHaveLength(1), { timeout: 5000 });
    expect(bodyRows()[0]).toHaveTextContent("cb_card_1");
    // The won case is never in a deadline filter; nothing needs action without a deadline here.
    await user.selectOptions(select, "none");
    expect(window.location.search).toBe("?deadline=none");
    expect(await screen.findByText("Nenhuma contestação com estes filtros", {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("opens the drawer with every field, the unknown one under 'Outros campos'", async () => {
    fetchSpy.mockResolvedValue(respond({ data: LIST, error: null, request_id: "req_1" }));
    const { user } = renderView();
    await waitFor(() => expect(bodyRows()).toHaveLength(3), { timeout: 5000 });
    await user.click(screen.getByRole("row", { name: /Contestação cb_card_1/ }));
    expect(window.location.search).toBe("?id=cb_card_1");
    const sheet = await screen.findByRole("dialog", {}, { timeout: 5000 });
    expect(within(sheet).getByText("Outros campos")).toBeInTheDocument();
    expect(within(sheet).getByText("network_case_id")).toBeInTheDocument();
    expect(within(sheet).getAllByText("NC0000000001").length).toBeGreaterThan(0);
    expect(within(sheet).getByText("•••• 4242")).toBeInTheDocument();
    expect(within(sheet).getByText(/Responder até/)).toHaveTextContent("BRT");
  });

  it("shows the error with its request id and a retry", async () => {
    fetchSpy.mockResolvedValue(
      respond({ data: null, error: { code: "upstream_unavailable", message: "down" }, request_id: "req_fail_42" }, 502),
    );
    renderView();
    expect(await screen.findByText("req_fail_42", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Tentar novamente" })).toBeInTheDocument();
  });

  it("says what to do when nothing matches the filters", async () => {
    window.history.replaceState(null, "", "/chargebacks?q=nada-disso");
    fetchSpy.mockResolvedValue(respond({ data: LIST, error: null, request_id: "req_1" }));
    renderView();
    expect(await screen.findByText("Nenhuma contestação com estes filtros", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Limpar filtros" }).length).toBeGreaterThan(0);
  });
});
