import { createColumnHelper } from "@tanstack/react-table";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { columnMeta, DataTable } from "@/components/ui/data-table";
import { stubTableLayout } from "../helpers/table-layout";

interface Row {
  id: string;
  name: string;
  amount: number;
}

const h = createColumnHelper<Row>();
const columns = [
  h.accessor("id", { header: "ID", size: 120 }),
  h.accessor("name", { header: "Nome", size: 200 }),
  h.accessor("amount", { header: "Valor", meta: columnMeta({ align: "right" }), size: 120 }),
];

function makeRows(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `po_${String(i).padStart(5, "0")}`,
    name: i % 2 ? `Maria ${i}` : `João ${i}`,
    amount: (i * 7919) % 100000,
  }));
}

function bodyRows() {
  const table = screen.getByRole("table", { name: "Repasses" });
  return within(table)
    .getAllByRole("row")
    .filter((r) => r.hasAttribute("data-index"));
}

stubTableLayout({ viewport: 600, row: 40, width: 1000 });

describe("DataTable", () => {
  it("renders only a window of 10,000 rows", () => {
    render(<DataTable data={makeRows(10_000)} columns={columns} label="Repasses" />);
    const rows = bodyRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(100);
    expect(screen.getByText("10.000 resultados")).toBeInTheDocument();
  });

  it("sorts by a column header and exposes aria-sort", async () => {
    const user = userEvent.setup();
    render(<DataTable data={makeRows(50)} columns={columns} label="Repasses" />);
    const header = screen.getByRole("columnheader", { name: /Valor/ });
    expect(header).toHaveAttribute("aria-sort", "none");
    await user.click(within(header).getByRole("button"));
    const first = header.getAttribute("aria-sort");
    expect(first === "ascending" || first === "descending").toBe(true);
    const values = () => bodyRows().map((r) => Number(within(r).getAllByRole("cell")[2]?.textContent));
    const seen = values();
    expect(seen.length).toBeGreaterThan(5);
    const sorted = [...seen].sort((a, b) => (first === "ascending" ? a - b : b - a));
    expect(seen).toEqual(sorted);
    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", first === "ascending" ? "descending" : "ascending");
  });

  it("searches client-side, accent-insensitively, and offers to clear", async () => {
    const user = userEvent.setup();
    render(<DataTable data={makeRows(200)} columns={columns} label="Repasses" />);
    const box = screen.getByRole("searchbox", { name: "Buscar na tabela" });
    await user.type(box, "joao");
    expect(await screen.findByText("100 resultados")).toBeInTheDocument();
    for (const row of bodyRows()) expect(row.textContent).toMatch(/João/);
    await user.clear(box);
    await user.type(box, "PO_00151 maria");
    expect(await screen.findByText("1 resultado")).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);
    await user.clear(screen.getByRole("searchbox", { name: "Buscar na tabela" }));
    await user.type(screen.getByRole("searchbox", { name: "Buscar na tabela" }), "zzzz");
    expect(await screen.findByText("Nenhum resultado")).toBeInTheDocument();
  });

  it("reports debounced search to a controlled parent", async () => {
    const onSearchChange = vi.fn();
    const user = userEvent.setup();
    render(
      <DataTable
        data={makeRows(5)}
        columns={columns}
        label="Repasses"
        search=""
        onSearchChange={onSearchChange}
        manualFiltering
      />,
    );
    await user.type(screen.getByRole("searchbox"), "po_1");
    await vi.waitFor(() => expect(onSearchChange).toHaveBeenLastCalledWith("po_1"));
    expect(onSearchChange).toHaveBeenCalledTimes(1);
  });

  it("opens a row on click and on Enter, and moves with the arrow keys", async () => {
    const onRowClick = vi.fn();
    const user = userEvent.setup();
    render(
      <DataTable
        data={makeRows(5)}
        columns={columns}
        label="Repasses"
        onRowClick={onRowClick}
        rowLabel={(r) => `Repasse ${r.id}`}
      />,
    );
    await user.click(screen.getByRole("row", { name: "Repasse po_00002" }));
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ id: "po_00002" }));
    const first = screen.getByRole("row", { name: "Repasse po_00000" });
    expect(first).toHaveAttribute("tabindex", "-1");
    const active = screen.getByRole("row", { name: "Repasse po_00002" });
    expect(active).toHaveAttribute("tabindex", "0");
    active.focus();
    await user.keyboard("{Enter}");
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it("shows skeleton rows while loading and an empty state without data", () => {
    const { rerender } = render(<DataTable data={undefined} isLoading columns={columns} label="Repasses" />);
    expect(screen.getByRole("table", { name: "Repasses" })).toHaveAttribute("aria-busy", "true");
    expect(screen.getByText("Carregando dados…")).toBeInTheDocument();
    rerender(<DataTable data={[]} columns={columns} label="Repasses" />);
    expect(screen.getByText("Nada por aqui ainda")).toBeInTheDocument();
  });

  it("with a rowFilter shows only the rows it keeps, in the table's sort order, and counts them", () => {
    const data = makeRows(20);
    const keep = (row: Row) => row.name.startsWith("Maria");
    render(
      <DataTable
        data={data}
        rowFilter={keep}
        manualFiltering
        columns={columns}
        label="Repasses"
        initialSorting={[{ id: "amount", desc: true }]}
      />,
    );
    const shown = bodyRows().map((row) => within(row).getAllByRole("cell")[0]?.textContent);
    const expected = data
      .filter(keep)
      .sort((a, b) => b.amount - a.amount)
      .map((row) => row.id);
    expect(shown).toEqual(expected);
    expect(screen.getByText("10 resultados")).toBeInTheDocument();
  });

  it("with a rowFilter that keeps nothing, shows the parent's empty state", () => {
    render(
      <DataTable
        data={makeRows(5)}
        rowFilter={() => false}
        manualFiltering
        columns={columns}
        label="Repasses"
        emptyState={<p>Nada com estes filtros</p>}
      />,
    );
    expect(screen.getByText("Nada com estes filtros")).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(0);
  });

  it("a new rowFilter (a keystroke) neither rebuilds nor re-sorts the rows: the sort runs once per data and order", () => {
    const compare = vi.fn((a: { original: Row }, b: { original: Row }) => a.original.amount - b.original.amount);
    const counted = [
      h.accessor("id", { header: "ID" }),
      h.accessor("amount", { header: "Valor", sortingFn: (a, b) => compare(a, b) }),
    ];
    const data = makeRows(200);
    const sorting = [{ id: "amount", desc: false }];
    const view = (rowFilter: (row: Row) => boolean) => (
      <DataTable
        data={data}
        rowFilter={rowFilter}
        manualFiltering
        columns={counted}
        label="Repasses"
        sorting={sorting}
        onSortingChange={() => undefined}
      />
    );
    const { rerender } = render(view(() => true));
    const sortCalls = compare.mock.calls.length;
    expect(sortCalls).toBeGreaterThan(0);
    rerender(view((row) => row.name.startsWith("João")));
    rerender(view((row) => row.name.endsWith("7")));
    expect(compare.mock.calls.length).toBe(sortCalls);
    expect(bodyRows().every((row) => within(row).getAllByRole("cell")[0]?.textContent?.length)).toBe(true);
  });
});
