"use client";

import { buildHeaderGroups, flexRender, type Table } from "@tanstack/react-table";
import { Columns3 } from "lucide-react";
import { useI18n } from "@/lib/browser/i18n";
import { Button } from "../button";
import { Menu, MenuCheckboxItem, MenuItem, MenuSeparator } from "../menu";

/**
 * "Columns": a menu of the columns a person may hide or show (every one but the
 * `essential` ones), each an on/off item, and one to go back to the default set.
 */
export function ColumnChooser<TData>({
  table,
  essential,
  onToggle,
  onReset,
}: {
  table: Table<TData>;
  essential: ReadonlySet<string>;
  onToggle: (id: string, visible: boolean) => void;
  onReset: () => void;
}) {
  const { t } = useI18n();
  const leaves = table.getAllLeafColumns();
  // Headers of every column, the hidden ones too (the table's own groups hold only the shown ones).
  const headers = buildHeaderGroups(table.getAllColumns(), leaves, table).at(-1)?.headers ?? [];
  const choices = headers.filter((header) => !essential.has(header.column.id));
  if (choices.length === 0) return null;
  return (
    <Menu
      label={t("table.columnsLabel")}
      heading={t("table.columnsLabel")}
      className="min-w-[12rem]"
      trigger={(props) => (
        <Button {...props} variant="outline" size="sm">
          <Columns3 aria-hidden="true" />
          {t("table.columns")}
        </Button>
      )}
    >
      {choices.map((header) => (
        <MenuCheckboxItem
          key={header.id}
          checked={header.column.getIsVisible()}
          onSelect={() => onToggle(header.column.id, !header.column.getIsVisible())}
        >
          {flexRender(header.column.columnDef.header, header.getContext())}
        </MenuCheckboxItem>
      ))}
      <MenuSeparator />
      <MenuItem onSelect={onReset}>{t("table.columnsReset")}</MenuItem>
    </Menu>
  );
}
