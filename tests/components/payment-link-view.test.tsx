import { screen, waitFor, within } from "@testing-library/react";
import { readSheet } from "read-excel-file/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PaymentLinksView } from "@/components/payment-links/payment-links-view";
import { PaymentLinkSchema, type PaymentLink } from "@/lib/shared/schemas/payment-link";
import { paymentLinkKeys } from "@/lib/browser/query/payment-links";
import { parseCsv } from "@/lib/shared/csv";
import { captureDownloads, type CapturedDownload } from "../helpers/downloads";
import { newQueryClient, renderWithProviders } from "../helpers/render";
import { stubTableLayout } from "../helpers/table-layout";

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);
const { addressSearch, resetRouter } = await import("../helpers/next-navigation");

const DAY = 86_400_000;

function link(overrides: Record<string, unknown>): PaymentLink {
  return PaymentLinkSchema.parse({
    id: "pl_x",
    name: "X",
    slug: "x",
    amount_centavos: 1000,
    status: "active",
    starts_at: new Date(Date.now() - DAY).toISOString(),
    created_at: new Date(Date.now() - DAY).toISOString(),
    visits: 0,
    checkouts_started: 0,
    sales_count: 0,
    revenue_centavos: 0,
    ...overrides,
  });
}

const LINKS: PaymentLink[] = [
  link({
    id: "pl_show",
    name: "Show de Verão",
    slug: "show-de-verao",
    amount_centavos: "12000",
    max_sales: 150,
    sales_count: 150,
    visits: 3400,
    checkouts_started: 187,
    revenue_centavos: "1800000",
  }),
  link({
    id: "pl_doacao",
    name: "Doação Livre",
    slug: "doacao-livre",
    amount_centavos: null,
    min_amount_centavos: 1000,
    sales_count: 3,
    visits: 30,
    checkouts_started: 9,
    revenue_centavos: 4500,
  }),
  link({
    id: "pl_fresh",
    name: "Criado agora",
    slug: "criado-agora",
    status: "pending",
    starts_at: null,
    created_at: new Date(Date.now() - 5_000).toISOString(),
  }),
  link({
    id: "pl_novo",
    name: "Consultoria",
    slug: "consultoria-1h",
    status: "pending",
    starts_at: new Date(Date.now() + 2 * DAY).toISOString(),
  }),
];

stubTableLayout({ viewport: 600, row: 56 });

beforeEach(() => {
  resetRouter("/payment-links");
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ data: LINKS, error: null, request_id: "req_1" }), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderView() {
  const client = newQueryClient({ staleTime: Infinity });
  client.setQueryData(paymentLinkKeys.list(), LINKS);
  const { user } = renderWithProviders(<PaymentLinksView baseUrl="https://pay.example.com/l/" />, { client });
  return { user };
}

describe("PaymentLinksView", () => {
  it("shows one derived state with the API status as a detail, 'any amount ≥ min', and — for conversion without visits", async () => {
    renderView();
    const show = await screen.findByRole("row", { name: /Show de Verão/ });
    expect(within(show).getByText("Esgotado")).toBeInTheDocument();
    // One badge; the API's raw status is a detail beside it, not a second badge.
    expect(within(show).getByText("active")).toBeInTheDocument();
    expect(within(show).getByText("4,4%")).toBeInTheDocument();

    const doacao = screen.getByRole("row", { name: /Doação Livre/ });
    expect(within(doacao).getByText(/Qualquer valor ≥ R\$\s10,00/)).toBeInTheDocument();

    const novo = screen.getByRole("row", { name: /Consultoria/ });
    expect(within(novo).getByText("Agendado")).toBeInTheDocument();
    expect(within(novo).queryByText("Pendente")).not.toBeInTheDocument();
    expect(within(novo).getByText("pending")).toBeInTheDocument();
    expect(within(novo).getByText("Sem visitas ainda")).toBeInTheDocument();
  });

  it("totals revenue, sales and visits over the links shown", () => {
    renderView();
    const summary = screen.getByRole("region", { name: "Totais dos links exibidos" });
    expect(within(summary).getByText(/R\$\s18\.045,00/)).toBeInTheDocument();
    expect(within(summary).getByText("153")).toBeInTheDocument();
    expect(within(summary).getByText("3.430")).toBeInTheDocument();
  });

  it("applies the filters from the URL and puts a clicked link's id in it", async () => {
    resetRouter("/payment-links", "?amount=minimum");
    const { user } = renderView();
    const doacao = await screen.findByRole("row", { name: /Doação Livre/ });
    expect(screen.queryByRole("row", { name: /Show de Verão/ })).not.toBeInTheDocument();
    await user.click(doacao);
    expect(addressSearch()).toBe("amount=minimum&id=pl_doacao");
  });

  it("opens the drawer from ?id= with the public URL, a copy button and the QR code", async () => {
    resetRouter("/payment-links", "?id=pl_show");
    renderView();
    // The drawer's code loads on its first open.
    const dialog = await screen.findByRole("dialog", { name: "Show de Verão" });
    expect(within(dialog).getAllByText("https://pay.example.com/l/show-de-verao").length).toBeGreaterThan(0);
    expect(within(dialog).getByRole("button", { name: "Copiar link público" })).toBeInTheDocument();
    // The QR code component is loaded on demand.
    expect(
      await within(dialog).findByRole("img", { name: "QR code que abre https://pay.example.com/l/show-de-verao" }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("progressbar", { name: "Vendas em relação ao limite" })).toHaveAttribute(
      "aria-valuenow",
      "150",
    );
    // The link's own funnel, from its counters: 3,400 visits → 187 checkouts → 150 sales.
    const funnel = within(dialog).getByRole("list", { name: "Funil deste link" });
    expect(
      within(funnel)
        .getAllByRole("listitem")
        .map((step) => step.textContent),
    ).toEqual(["Visitas3.400", "Checkouts iniciados1875,5% das visitas", "Vendas15080,2% dos checkouts"]);
    expect(within(dialog).getByText("Conversão (vendas sobre visitas): 4,4%")).toBeInTheDocument();
  });

  it("shows a link seconds old as one state a person understands, with the API's raw status as a detail", async () => {
    resetRouter("/payment-links", "?id=pl_fresh");
    renderView();
    const dialog = await screen.findByRole("dialog", { name: "Criado agora" });
    // One state badge, not the derived state next to the API's word as a second badge.
    expect(dialog.querySelectorAll("[data-link-state]")).toHaveLength(1);
    expect(dialog.querySelectorAll("[data-status]")).toHaveLength(0);
    expect(within(dialog).queryByText("Pendente")).not.toBeInTheDocument();
    expect(dialog.querySelector("[data-link-state]")).toHaveTextContent("No ar");
    const detail = dialog.querySelector("[data-link-api-status]");
    expect(detail).toHaveTextContent("Status na API: pending");
  });

  it("says so when ?id= names a link that does not exist", async () => {
    resetRouter("/payment-links", "?id=pl_missing");
    renderView();
    expect(within(await screen.findByRole("dialog")).getByText("Link não encontrado")).toBeInTheDocument();
  });

  it("exports the links shown, in the list's order, as a pt-BR CSV and as Excel", async () => {
    resetRouter("/payment-links", "?sort=revenue.asc");
    const { files } = captureDownloads();
    const { user } = renderView();
    await screen.findByRole("row", { name: /Show de Verão/ });

    await user.click(screen.getByRole("button", { name: "Exportar CSV" }));
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 5000 });
    const [header = [], ...records] = parseCsv(await (files[0] as CapturedDownload).text(), ";");
    expect(header.slice(0, 9)).toEqual([
      "ID do link",
      "Nome",
      "Slug (endereço)",
      "Link público",
      "Tipo de valor",
      "Valor fixo",
      "Valor mínimo",
      "Situação",
      "Status na API",
    ]);
    // Revenue ascending, as the table sorts it.
    expect(records.map((r) => r[0])).toEqual(["pl_fresh", "pl_novo", "pl_doacao", "pl_show"]);
    const show = Object.fromEntries(header.map((h, i) => [h, records[3]?.[i]]));
    expect(show).toMatchObject({
      "Link público": "https://pay.example.com/l/show-de-verao",
      "Tipo de valor": "Valor fixo",
      "Valor fixo": "120,00",
      Situação: "Esgotado",
      "Status na API": "Ativo",
      Visitas: "3400",
      Receita: "18000,00",
      "Coletar dados do cliente": "Não",
    });
    expect(records[2]?.[4]).toBe("Valor mínimo");

    await user.click(screen.getByRole("button", { name: "Exportar Excel (.xlsx)" }));
    await waitFor(() => expect(files).toHaveLength(2), { timeout: 5000 });
    const cells = await readSheet(await (files[1] as CapturedDownload).bytes());
    const revenue = header.indexOf("Receita");
    expect(cells[4]?.[0]).toBe("pl_show");
    expect(cells[4]?.[revenue]).toBe(18000);
  });
});
