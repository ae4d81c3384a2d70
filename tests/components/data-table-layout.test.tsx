/**
 * The table system's layout: the page scrolls and the header sticks (no inner scroll box), the
 * column chooser hides and shows columns and remembers the choice per list without a hydration
 * mismatch, and on phones every list's rows are cards with their key fields in place.
 */
import { createColumnHelper } from "@tanstack/react-table";
import { act, render, renderHook, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { useActivityColumns } from "@/components/activity/activity-columns";
import { useChargebackColumns } from "@/components/chargebacks/chargeback-columns";
import { usePaymentLinkColumns } from "@/components/payment-links/payment-link-columns";
import { useBatchColumns } from "@/components/payout-batches/batch-columns";
import { useBatchRowColumns } from "@/components/payout-batches/batch-row-columns";
import { usePayoutColumns } from "@/components/payouts/payout-columns";
import { useSubaccountColumns } from "@/components/subaccounts/subaccount-columns";
import { useSubaccountHistoryColumns } from "@/components/subaccounts/subaccount-history-columns";
import { columnMeta, DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { fitColumns } from "@/components/ui/data-table/use-column-widths";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import { registerRow } from "../helpers/payouts-dom";
import { batchFixture, batchRowFixture } from "./batch-fixtures";
import { stubTableLayout } from "../helpers/table-layout";

interface Row {
  id: string;
  name: string;
  amount: number;
  fee: number;
}

const h = createColumnHelper<Row>();
const columns = [
  h.accessor("id", { header: "ID", size: 120, meta: columnMeta({ priority: "essential" }) }),
  h.accessor("name", { header: "Nome", size: 200 }),
  h.accessor("amount", { header: "Valor", size: 120, meta: columnMeta({ align: "right", card: "amount" }) }),
  h.accessor("fee", { header: "Taxa", size: 100, meta: columnMeta({ align: "right", priority: "low" }) }),
] as DataTableColumn<Row>[];

const rows: Row[] = [
  { id: "po_1", name: "Maria", amount: 1000, fee: 10 },
  { id: "po_2", name: "João", amount: 2000, fee: 20 },
];

const STORE = "pixops.table-columns.test-list";

stubTableLayout({ viewport: 800, row: 48 });
afterEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = "";
});

function headers(): string[] {
  return screen.getAllByRole("columnheader").map((th) => th.textContent ?? "");
}

describe("DataTable layout", () => {
  it("has no inner scroll box: the header sticks under the top bar while the page scrolls", () => {
    render(<DataTable data={rows} columns={columns} label="Repasses" columnsKey="test-list" />);
    const scroll = document.querySelector<HTMLElement>("[data-slot=data-table-scroll]");
    expect(scroll?.style.maxHeight).toBe("");
    expect(scroll?.className).not.toMatch(/overflow-(auto|y-auto|scroll)/);
    for (const th of screen.getAllByRole("columnheader")) {
      expect(th).toHaveClass("sticky", "top-14");
      // The text is never cut with an ellipsis: the column widths are measured from it.
      expect(th.querySelector("[data-head]")).not.toBeNull();
      expect(th.querySelector(".truncate")).toBeNull();
    }
  });

  it("hides a low-priority column by default; the chooser shows and hides columns and remembers per list", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<DataTable data={rows} columns={columns} label="Repasses" columnsKey="test-list" />);
    expect(headers()).toEqual(["ID", "Nome", "Valor"]);

    await user.click(screen.getByRole("button", { name: "Colunas" }));
    const menu = screen.getByRole("menu", { name: "Colunas mostradas" });
    // The essential column is not offered.
    expect(
      within(menu)
        .getAllByRole("menuitemcheckbox")
        .map((item) => item.textContent),
    ).toEqual(["Nome", "Valor", "Taxa"]);
    expect(within(menu).getByRole("menuitemcheckbox", { name: "Taxa" })).toHaveAttribute("aria-checked", "false");
    await user.click(within(menu).getByRole("menuitemcheckbox", { name: "Taxa" }));
    await user.click(within(menu).getByRole("menuitemcheckbox", { name: "Nome" }));
    // The menu stays open for several switches; the table follows each.
    expect(within(menu).getByRole("menuitemcheckbox", { name: "Taxa" })).toHaveAttribute("aria-checked", "true");
    expect(headers()).toEqual(["ID", "Valor", "Taxa"]);
    expect(JSON.parse(window.localStorage.getItem(STORE) ?? "{}")).toEqual({ fee: true, name: false });

    // Keyboard: Escape closes and gives the focus back to the button.
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(screen.getByRole("button", { name: "Colunas" })).toHaveFocus();

    unmount();
    render(<DataTable data={rows} columns={columns} label="Repasses" columnsKey="test-list" />);
    expect(headers()).toEqual(["ID", "Valor", "Taxa"]);
    await user.click(screen.getByRole("button", { name: "Colunas" }));
    await user.click(screen.getByRole("menuitem", { name: "Colunas padrão" }));
    expect(headers()).toEqual(["ID", "Nome", "Valor"]);
    expect(window.localStorage.getItem(STORE)).toBeNull();
  });

  it("a list without a columnsKey offers no chooser, and another list does not read this one's choice", () => {
    window.localStorage.setItem(STORE, JSON.stringify({ fee: true }));
    render(<DataTable data={rows} columns={columns} label="A" />);
    expect(screen.queryByRole("button", { name: "Colunas" })).toBeNull();
    expect(headers()).toEqual(["ID", "Nome", "Valor"]);
  });

  it("renders the default columns on the server and applies the stored choice after hydration, without a mismatch", async () => {
    window.localStorage.setItem(STORE, JSON.stringify({ fee: true, name: false }));
    const tree = <DataTable data={rows} columns={columns} label="Repasses" columnsKey="test-list" />;
    const html = renderToString(tree);
    expect(html).toContain(">Nome<");
    expect(html).not.toContain(">Taxa<");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const mismatches: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | null = null;
    await act(async () => {
      root = hydrateRoot(container, tree, { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(
      within(container)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["ID", "Valor", "Taxa"]);
    await act(async () => root?.unmount());
  });

  it("hydrates without a mismatch when the browser restored a scroll position before hydration", async () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ id: `po_${i}`, name: `Pessoa ${i}`, amount: i, fee: 0 }));
    const tree = <DataTable data={many} columns={columns} label="Repasses" />;
    const html = renderToString(tree);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    Object.defineProperty(window, "scrollY", { configurable: true, value: 8000 });
    const mismatches: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | null = null;
    try {
      await act(async () => {
        root = hydrateRoot(container, tree, { onRecoverableError: (error) => mismatches.push(error) });
      });
      expect(mismatches).toEqual([]);
      // The server sent the first rows (the page's data is in its HTML), as if at the top of the page.
      expect(html).toContain('data-index="0"');
      // Right after hydration the virtualizer has read the real position: the rows in view at 8,000 px.
      const shown = within(container)
        .getAllByRole("row")
        .filter((row) => row.hasAttribute("data-index"))
        .map((row) => Number(row.getAttribute("data-index")));
      expect(shown.length).toBeGreaterThan(0);
    } finally {
      await act(async () => root?.unmount());
      Reflect.deleteProperty(window, "scrollY");
    }
  });

  it("lays every row out as a card on phones: title, amount, and labelled lines", () => {
    render(<DataTable data={rows} columns={columns} label="Repasses" />);
    const row = screen.getAllByRole("row").find((r) => r.hasAttribute("data-index"));
    expect(row).toBeDefined();
    const cells = within(row as HTMLElement).getAllByRole("cell");
    expect(cells.map((cell) => cell.dataset.card)).toEqual(["title", "field", "amount"]);
    expect(row).toHaveClass("max-sm:grid");
    // A line of the card names its column (for the eye; the table's header names it for screen readers).
    const label = cells[1]?.querySelector("[aria-hidden=true]");
    expect(label?.textContent).toBe("Nome");
    expect(cells[1]).toHaveTextContent("Maria");
  });
});

describe("fitColumns", () => {
  it("fills the width in proportion and never goes under a header's width", () => {
    expect(fitColumns([100, 100], [50, 50], 400)).toEqual([200, 200]);
    // The second column's header needs 150: it gets that, the rest share what is left.
    expect(fitColumns([300, 100, 100], [50, 150, 50], 500)).toEqual([262.5, 150, 87.5]);
    // The headers alone do not fit: their widths (the table then scrolls sideways).
    expect(fitColumns([100, 100], [300, 300], 400)).toEqual([300, 300]);
  });
});

function entry(over: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: "1",
    occurred_at: "2026-11-22T15:04:05Z",
    actor: { name: "Olivia", role: "operator" },
    action: "subaccount.update",
    target_type: "subaccount",
    target_id: "sa_demo_1",
    before: { daily_limit_centavos: 100000 },
    after: { daily_limit_centavos: 500000 },
    idempotency_key: "key-123456789",
    outcome: "success",
    request_id: "req_abc",
    error: null,
    ...over,
  };
}

/** The card places of the first row: role → the cell's text. */
function cardOf(table: ReactNode): Record<string, string> {
  render(<>{table}</>);
  const row = screen.getAllByRole("row").find((r) => r.hasAttribute("data-index"));
  const places: Record<string, string> = {};
  for (const cell of within(row as HTMLElement).getAllByRole("cell")) {
    const role = cell.dataset.card ?? "none";
    places[role] = role === "field" ? `${places[role] ?? ""}|${cell.textContent ?? ""}` : (cell.textContent ?? "");
  }
  return places;
}

function Payouts() {
  return <DataTable data={[registerRow()]} columns={usePayoutColumns()} label="Repasses" />;
}
function Batches() {
  return <DataTable data={[batchFixture()]} columns={useBatchColumns()} label="Lotes" />;
}
function BatchRows() {
  return <DataTable data={[batchRowFixture()]} columns={useBatchRowColumns()} label="Linhas" />;
}
function Activity() {
  return <DataTable data={[entry()]} columns={useActivityColumns()} label="Atividade" />;
}
function History() {
  return <DataTable data={[entry()]} columns={useSubaccountHistoryColumns()} label="Histórico" />;
}

describe("every list's phone card", () => {
  it("payout register: key as title, amount, status, when and who", () => {
    const card = cardOf(<Payouts />);
    expect(card.title).toContain("a***@example.com");
    expect(card.amount).toMatch(/R\$\s321,00/);
    expect(card.status).toMatch(/revisão/i);
    expect(card.subtitle).toContain("Olivia");
  });

  it("batches: file, total, status, when", () => {
    const card = cardOf(<Batches />);
    expect(card.title).toBe("fornecedores.csv");
    expect(card.amount).toMatch(/R\$\s60,00/);
    expect(card.status).not.toBe("");
    expect(card.subtitle).toMatch(/22\/11\/2026/);
  });

  it("a batch's rows: recipient, amount, status", () => {
    const card = cardOf(<BatchRows />);
    expect(card.title).toBe("Ana");
    expect(card.amount).toMatch(/R\$\s10,00/);
    expect(card.status).not.toBe("");
  });

  it("activity: action as title, outcome, when; the changes as lines", () => {
    const card = cardOf(<Activity />);
    expect(card.title).not.toBe("");
    expect(card.status).not.toBe("");
    expect(card.subtitle).toMatch(/22\/11\/2026/);
    expect(card.field).toContain("Olivia");
  });

  it("subaccount history: action as title, when and who", () => {
    const card = cardOf(<History />);
    expect(card.title).not.toBe("");
    expect(card.subtitle).toContain("Olivia");
    expect(card.field).toContain("req_abc");
  });

  it("every list names one title and at most one amount, status and subtitle", () => {
    const lists: Record<string, () => DataTableColumn<never>[]> = {
      payouts: function usePayouts() {
        return usePayoutColumns() as DataTableColumn<never>[];
      },
      paymentLinks: function usePaymentLinks() {
        return usePaymentLinkColumns({ baseUrl: "https://pay.example" }) as DataTableColumn<never>[];
      },
      chargebacks: function useChargebacks() {
        return useChargebackColumns({ now: 0, extraFields: [] }) as DataTableColumn<never>[];
      },
      activity: function useActivity() {
        return useActivityColumns() as DataTableColumn<never>[];
      },
      subaccounts: function useSubaccounts() {
        return useSubaccountColumns() as DataTableColumn<never>[];
      },
      subaccountHistory: function useHistory() {
        return useSubaccountHistoryColumns() as DataTableColumn<never>[];
      },
      batches: function useBatches() {
        return useBatchColumns() as DataTableColumn<never>[];
      },
      batchRows: function useBatchRows() {
        return useBatchRowColumns() as DataTableColumn<never>[];
      },
    };
    for (const [name, hook] of Object.entries(lists)) {
      const { result } = renderHook(hook);
      const places = result.current.map((column) => (column.meta as { card?: string } | undefined)?.card);
      const count = (role: string) => places.filter((place) => place === role).length;
      expect({ name, title: count("title") }).toEqual({ name, title: 1 });
      for (const role of ["amount", "status", "subtitle"]) expect(count(role)).toBeLessThanOrEqual(1);
    }
  });
});
