"use client";

import { buildHeaderGroups, type Header, type Table } from "@tanstack/react-table";
import { ArrowDown, ArrowUp } from "lucide-react";
import { useI18n } from "@/lib/browser/i18n";
import { Button } from "../button";
import { NativeSelect } from "../native-select";
import { readMeta } from "./types";

/**
 * A column's name as text, for an `<option>`: its `sortLabel`, else its header when that is
 * a string or a function returning one (`() => t("…")`), else its id.
 */
function headerText<TData>(header: Header<TData, unknown>): string {
  const { columnDef } = header.column;
  const label = readMeta(columnDef.meta).sortLabel;
  if (label) return label;
  if (typeof columnDef.header === "string") return columnDef.header;
  if (typeof columnDef.header === "function") {
    const text: unknown = columnDef.header(header.getContext());
    if (typeof text === "string") return text;
  }
  return header.column.id;
}

/**
 * The phone cards' sort: the cards have no header row to click, so below `sm` the toolbar
 * offers "Sort by" (every sortable column, hidden ones too) and the direction. Both change
 * the table's own sorting, the state the header buttons change, so the order is the same
 * whichever width the list is seen at (and a controlled list keeps it in its URL).
 */
export function CardSort<TData>({ table }: { table: Table<TData> }) {
  const { t } = useI18n();
  const leaves = table.getAllLeafColumns();
  const headers = buildHeaderGroups(table.getAllColumns(), leaves, table).at(-1)?.headers ?? [];
  const sortable = headers.filter((header) => header.column.getCanSort());
  if (sortable.length === 0) return null;

  const current = table.getState().sorting[0];
  const known = current ? sortable.some((header) => header.column.id === current.id) : false;
  const choose = (id: string) => {
    const column = id ? table.getColumn(id) : undefined;
    table.setSorting(column ? [{ id, desc: column.getFirstSortDir() === "desc" }] : []);
  };
  const flip = () => {
    if (current) table.setSorting([{ id: current.id, desc: !current.desc }]);
  };

  return (
    <div data-slot="card-sort" className="flex w-full items-center gap-2 sm:hidden">
      <NativeSelect
        size="sm"
        aria-label={t("table.sortByLabel")}
        value={current?.id ?? ""}
        onChange={(e) => choose(e.target.value)}
        className="min-w-0 flex-1"
      >
        <option value="">{t("table.sortDefault")}</option>
        {current && !known ? <option value={current.id}>{current.id}</option> : null}
        {sortable.map((header) => (
          <option key={header.column.id} value={header.column.id}>
            {t("table.sortBy", { column: headerText(header) })}
          </option>
        ))}
      </NativeSelect>
      {/* The arrow alone, named for screen readers and on hover: the words would leave the select too narrow for
          "Ordenar por: Prazo de resposta" at 375 px. */}
      <Button
        variant="outline"
        size="icon-sm"
        onClick={flip}
        disabled={!current}
        className="shrink-0"
        aria-label={current?.desc ? t("table.sortDesc") : t("table.sortAsc")}
        title={current?.desc ? t("table.sortDesc") : t("table.sortAsc")}
      >
        {current?.desc ? <ArrowDown aria-hidden="true" /> : <ArrowUp aria-hidden="true" />}
      </Button>
    </div>
  );
}
