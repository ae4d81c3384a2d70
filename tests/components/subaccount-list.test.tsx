import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SubaccountsView } from "@/components/subaccounts/subaccounts-view";
import type { KnownSubaccount } from "@/lib/shared/schemas/known-subaccount";
import { renderWithProviders } from "../helpers/render";
import { stubTableLayout } from "../helpers/table-layout";

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);
const { addressSearch, resetRouter, router } = await import("../helpers/next-navigation");

const ROWS: KnownSubaccount[] = [
  {
    id: "sa_demo_1",
    name: "Loja Centro",
    email: "loja@acme.example.com",
    document: "52998224725",
    external_reference: null,
    daily_limit_centavos: 500_000,
    monthly_limit_centavos: 5_000_000,
    is_blocked: false,
    updated_at: "2026-11-22T13:05:00.000Z",
    updated_by: "Olivia Operadora",
  },
  {
    id: "sa_demo_2",
    name: "Filial Norte Comércio Ltda",
    email: "norte@acme.example.com",
    document: "12ABC34501DE35",
    external_reference: null,
    daily_limit_centavos: 2_000_000,
    monthly_limit_centavos: null,
    is_blocked: true,
    updated_at: "2026-11-21T09:00:00.000Z",
    updated_by: "Bruno Backoffice",
  },
];

function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ data, error: null, request_id: null }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
}

stubTableLayout({ viewport: 600, row: 48, width: 1000 });

let fetchSpy: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchSpy = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchSpy);
  resetRouter("/subaccounts");
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderList(rows: KnownSubaccount[]) {
  fetchSpy.mockResolvedValue(envelope(rows));
  const { user } = renderWithProviders(<SubaccountsView />);
  return { user };
}

function bodyRows(): HTMLElement[] {
  return within(screen.getByRole("table", { name: "Subcontas conhecidas" }))
    .getAllByRole("row")
    .filter((row) => row.hasAttribute("data-index"));
}

describe("SubaccountsView", () => {
  it("lists the known subaccounts with masked documents, BRL limits, status and who changed them", async () => {
    renderList(ROWS);
    const row = await screen.findByRole("row", { name: "Subconta Loja Centro (sa_demo_1), Ativa" });
    expect(row).toHaveTextContent("529.982.247-25");
    expect(row).toHaveTextContent(/R\$\s5\.000,00/);
    expect(row).toHaveTextContent(/R\$\s50\.000,00/);
    expect(row).toHaveTextContent("por Olivia Operadora");
    const blocked = screen.getByRole("row", { name: "Subconta Filial Norte Comércio Ltda (sa_demo_2), Bloqueada" });
    expect(blocked).toHaveTextContent("12.ABC.345/01DE-35");
    expect(within(blocked).getByText("Bloqueada")).toBeInTheDocument();
    // Sorted by name by default.
    expect(bodyRows().map((r) => r.getAttribute("aria-label"))).toEqual([
      "Subconta Filial Norte Comércio Ltda (sa_demo_2), Bloqueada",
      "Subconta Loja Centro (sa_demo_1), Ativa",
    ]);
  });

  it("keeps the status filter and the sort in the URL", async () => {
    const { user } = renderList(ROWS);
    await screen.findByRole("row", { name: /Loja Centro/ });
    await user.selectOptions(screen.getByRole("combobox", { name: "Filtrar por situação" }), "blocked");
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(addressSearch()).toBe("status=blocked");
    expect(bodyRows()[0]).toHaveAccessibleName(/Filial Norte/);

    await user.selectOptions(screen.getByRole("combobox", { name: "Filtrar por situação" }), "");
    await user.click(within(screen.getByRole("columnheader", { name: /Última alteração/ })).getByRole("button"));
    await waitFor(() => expect(new URLSearchParams(addressSearch()).get("sort")).toMatch(/^updated_at\.(asc|desc)$/));
  });

  it("opens a row, and says when a filter hides every subaccount", async () => {
    resetRouter("/subaccounts", "?status=blocked");
    const { user } = renderList([ROWS[0] as KnownSubaccount]);
    expect(await screen.findByText("Nenhuma subconta nesta situação")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Limpar filtros" }));
    const row = await screen.findByRole("row", { name: /Loja Centro/ });
    await user.click(row);
    expect(router.push).toHaveBeenCalledWith("/subaccounts/sa_demo_1");
  });

  it("explains an empty list and leads to opening a subaccount by id", async () => {
    const { user } = renderList([]);
    expect(await screen.findByText("Nenhuma subconta alterada por este painel ainda")).toBeInTheDocument();
    expect(screen.getByText(/A API de pagamentos não lista nem consulta subcontas/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Abrir por ID" }));
    const input = screen.getByRole("textbox", { name: "ID da subconta" });
    expect(input).toHaveFocus();

    await user.type(input, "sa 1/../x");
    await user.click(screen.getByRole("button", { name: "Abrir" }));
    expect(await screen.findByText("ID inválido: use só letras, números, _ e -.")).toBeInTheDocument();
    expect(router.push).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, "  sa_Novo-1 ");
    await user.click(screen.getByRole("button", { name: "Abrir" }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/subaccounts/sa_Novo-1"));
  });
});
