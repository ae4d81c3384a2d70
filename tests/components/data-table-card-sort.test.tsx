/**
 * The phone cards' sort (the toolbar's "Ordenar por" and direction): it changes the table's
 * own sorting, the state the header buttons change, so both views keep one order.
 */
import { createColumnHelper, type SortingState } from "@tanstack/react-table";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { columnMeta, DataTable } from "@/components/ui/data-table";

interface Row {
  id: string;
  name: string;
  amount: number;
}

const h = createColumnHelper<Row>();
const columns = [
  h.accessor("id", { header: "ID", size: 120 }),
  h.accessor("name", { header: () => "Nome", size: 200 }),
  h.accessor("amount", { header: "Valor", meta: columnMeta({ align: "right" }), size: 120 }),
  h.display({ id: "actions", header: "Ações", cell: () => null }),
];

const rows: Row[] = [
  { id: "a", name: "Carla", amount: 300 },
  { id: "b", name: "Ana", amount: 100 },
  { id: "c", name: "Bruno", amount: 200 },
];

function shownIds(): string[] {
  const table = screen.getByRole("table", { name: "Lista" });
  return within(table)
    .getAllByRole("row")
    .filter((r) => r.hasAttribute("data-index"))
    .map((r) => within(r).getAllByRole("cell")[0]?.textContent ?? "");
}

// jsdom has no layout: give the page a viewport and rows a height, as a browser would.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.slot === "data-table-scroll" ? 600 : this.tagName === "TR" ? 40 : 0;
    },
  });
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, "clientHeight");
});

describe("DataTable card sort", () => {
  it("offers every sortable column, and choosing one reorders the rows as the header does", async () => {
    const user = userEvent.setup();
    render(<DataTable data={rows} columns={columns} label="Lista" />);
    const select = screen.getByRole("combobox", { name: "Ordenar por" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Ordem padrão", "Ordenar por: ID", "Ordenar por: Nome", "Ordenar por: Valor"]);
    const direction = screen.getByRole("button", { name: "Crescente" });
    expect(direction).toBeDisabled();
    expect(shownIds()).toEqual(["a", "b", "c"]);

    await user.selectOptions(select, "name");
    expect(shownIds()).toEqual(["b", "c", "a"]);
    const nameHeader = screen.getByRole("columnheader", { name: /Nome/ });
    expect(nameHeader).toHaveAttribute("aria-sort", "ascending");

    await user.click(screen.getByRole("button", { name: "Crescente" }));
    expect(shownIds()).toEqual(["a", "c", "b"]);
    expect(nameHeader).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("button", { name: "Decrescente" })).toBeEnabled();

    // A header click changes the same state: the cards' control follows it.
    await user.click(within(screen.getByRole("columnheader", { name: /Valor/ })).getByRole("button"));
    expect(select).toHaveValue("amount");
    const amountSort = screen.getByRole("columnheader", { name: /Valor/ }).getAttribute("aria-sort");
    expect(
      screen.getByRole("button", { name: amountSort === "ascending" ? "Crescente" : "Decrescente" }),
    ).toBeEnabled();
    expect(shownIds()).toEqual(amountSort === "ascending" ? ["b", "c", "a"] : ["a", "c", "b"]);

    await user.selectOptions(select, "");
    expect(shownIds()).toEqual(["a", "b", "c"]);
    expect(screen.getByRole("button", { name: "Crescente" })).toBeDisabled();
  });

  it("reports the cards' choice through onSortingChange, like a header click (a list keeping its sort in the URL)", async () => {
    const user = userEvent.setup();
    const seen: SortingState[] = [];
    function Controlled() {
      const [sorting, setSorting] = useState<SortingState>([{ id: "amount", desc: true }]);
      return (
        <DataTable
          data={rows}
          columns={columns}
          label="Lista"
          sorting={sorting}
          onSortingChange={(next) => {
            seen.push(next);
            setSorting(next);
          }}
        />
      );
    }
    render(<Controlled />);
    const select = screen.getByRole("combobox", { name: "Ordenar por" });
    expect(select).toHaveValue("amount");
    expect(shownIds()).toEqual(["a", "c", "b"]);
    await user.click(screen.getByRole("button", { name: "Decrescente" }));
    expect(seen.at(-1)).toEqual([{ id: "amount", desc: false }]);
    expect(shownIds()).toEqual(["b", "c", "a"]);
    await user.selectOptions(select, "id");
    expect(seen.at(-1)).toEqual([{ id: "id", desc: false }]);
    expect(screen.getByRole("columnheader", { name: /ID/ })).toHaveAttribute("aria-sort", "ascending");
  });

  it("is left out when no column sorts", () => {
    const fixed = columns.map((c) => ({ ...c, enableSorting: false }));
    render(<DataTable data={rows} columns={fixed} label="Lista" searchable={false} />);
    expect(screen.queryByRole("combobox", { name: "Ordenar por" })).toBeNull();
    expect(document.querySelector('[data-slot="card-sort"]')).toBeNull();
  });
});
