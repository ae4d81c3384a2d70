"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Badge } from "@/components/ui/badge";
import { columnMeta, type DataTableColumn } from "@/components/ui/data-table";
import { NativeSelect } from "@/components/ui/native-select";
import { useI18n } from "@/lib/browser/i18n";
import { type BatchField, type ColumnMapping } from "@/lib/shared/batch/mapping";
import type { ValidatedRow } from "@/lib/shared/batch/validate-row";
import { PIX_KEY_TYPES, type PixKeyType } from "@/lib/shared/validation/pix";
import { EditableCell } from "./editable-cell";

/** One line of the check table: the row's validation and its cells as they are now. */
export interface CheckRow {
  row: ValidatedRow;
  cells: readonly string[];
  /** The key type the operator chose for this row, if any. */
  chosen: PixKeyType | undefined;
}

/** A column no field is mapped to, shown because some of its cells have errors (a formula): fixed in place like the others. */
export interface ExtraColumn {
  index: number;
  /** The file's header of the column (its letter when blank). */
  title: string;
}

export interface CheckHandlers {
  onEdit: (index: number, column: number, text: string) => void;
  onChoose: (index: number, keyType: PixKeyType) => void;
  onExclude: (index: number, excluded: boolean) => void;
}

const column = createColumnHelper<CheckRow>();

const TYPE_ERRORS = new Set([
  "batch.row.keyAmbiguous",
  "batch.row.keyTypeUndetected",
  "batch.row.keyTypeUnknown",
  "batch.row.keyNumericCell",
  "batch.row.keyElevenDigits",
]);
const WIDTHS: Readonly<Record<BatchField, number>> = {
  amount: 160,
  key: 300,
  keyType: 150,
  description: 210,
  name: 200,
};
/** Who, where to, how much: the order a person reads a payout in. */
const FIELD_ORDER: readonly BatchField[] = ["name", "key", "keyType", "amount", "description"];

/** The key types the operator may pick for a row: the ones validation offers, else (a type it could not tell) all. */
function typeOptions({ row, chosen }: CheckRow): readonly PixKeyType[] | null {
  if (row.keyTypeChoices.length > 0) return row.keyTypeChoices;
  if (chosen || row.errors.some((error) => TYPE_ERRORS.has(error.message))) return PIX_KEY_TYPES;
  return null;
}

function KeyTypeChoice({ line, onChoose }: { line: CheckRow; onChoose: CheckHandlers["onChoose"] }) {
  const { t } = useI18n();
  const options = typeOptions(line);
  if (!options) return null;
  return (
    <NativeSelect
      size="sm"
      className="mt-1"
      aria-label={t("batches.check.chooseType", { row: line.row.rowNumber })}
      value={line.chosen ?? ""}
      onChange={(event) => {
        if (event.target.value) onChoose(line.row.index, event.target.value as PixKeyType);
      }}
    >
      <option value="">{t("batches.check.chooseTypePlaceholder")}</option>
      {options.map((type) => (
        <option key={type} value={type}>
          {t(`pixKey.type.${type}`)}
        </option>
      ))}
    </NativeSelect>
  );
}

function cellErrors(line: CheckRow, index: number): string[] {
  return line.row.excluded
    ? []
    : line.row.errors.filter((error) => error.column === index).map((error) => error.message);
}

/**
 * The check table's columns: include, row, state, then one editable column per
 * mapped field (the key with its type choice), then the unmapped columns that
 * have errors (`extra`).
 */
export function useCheckColumns(
  mapping: ColumnMapping,
  handlers: CheckHandlers,
  extra: readonly ExtraColumn[] = [],
): DataTableColumn<CheckRow>[] {
  const { t } = useI18n();
  const { onEdit, onChoose, onExclude } = handlers;
  return useMemo(() => {
    const shown = new Set([...Object.values(mapping), ...extra.map((c) => c.index)]);
    const fixed = [
      column.display({
        id: "include",
        header: t("batches.check.include"),
        size: 80,
        enableSorting: false,
        meta: columnMeta({ align: "center", priority: "essential" }),
        cell: ({ row: { original } }) => (
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={!original.row.excluded}
            aria-label={t("batches.check.includeRow", { row: original.row.rowNumber })}
            onChange={(event) => onExclude(original.row.index, !event.target.checked)}
          />
        ),
      }),
      column.accessor((line) => line.row.rowNumber, {
        id: "row",
        header: t("batches.check.row"),
        size: 90,
        meta: columnMeta({ align: "right", card: "title", priority: "essential" }),
      }),
      column.accessor((line) => (line.row.excluded ? 2 : line.row.errors.length > 0 ? 0 : 1), {
        id: "state",
        header: t("batches.check.state"),
        size: 130,
        meta: columnMeta({ card: "status", priority: "essential" }),
        cell: ({ row: { original } }) => {
          if (original.row.excluded) return <Badge tone="neutral">{t("batches.check.excluded")}</Badge>;
          if (original.row.errors.length === 0) return <Badge tone="success">{t("batches.check.ok")}</Badge>;
          const unshown = orphanErrors(original, shown);
          return (
            <div className="grid gap-1 whitespace-normal">
              <Badge tone="danger">{t("batches.check.errors", { count: original.row.errors.length })}</Badge>
              {unshown.map((message) => (
                <span key={message} className="text-xs text-destructive-soft-foreground">
                  {t(message)}
                </span>
              ))}
            </div>
          );
        },
      }),
    ];
    const fields = FIELD_ORDER.flatMap((field) => {
      const index = mapping[field];
      if (index === undefined) return [];
      return [
        column.accessor((line) => line.cells[index] ?? "", {
          id: field,
          header: t(`batch.field.${field}`),
          size: WIDTHS[field],
          enableSorting: false,
          cell: ({ row: { original } }) => (
            <div>
              <EditableCell
                value={original.cells[index] ?? ""}
                errors={cellErrors(original, index)}
                label={t("batches.check.cellLabel", { field: t(`batch.field.${field}`), row: original.row.rowNumber })}
                onSave={(text) => onEdit(original.row.index, index, text)}
              />
              {field === "key" && !original.row.excluded ? <KeyTypeChoice line={original} onChoose={onChoose} /> : null}
            </div>
          ),
        }),
      ];
    });
    const others = extra.map(({ index, title }) =>
      column.accessor((line) => line.cells[index] ?? "", {
        id: `column-${index}`,
        header: title,
        size: 200,
        enableSorting: false,
        cell: ({ row: { original } }) => (
          <EditableCell
            value={original.cells[index] ?? ""}
            errors={cellErrors(original, index)}
            label={t("batches.check.cellLabel", { field: title, row: original.row.rowNumber })}
            onSave={(text) => onEdit(original.row.index, index, text)}
          />
        ),
      }),
    );
    return [...fixed, ...fields, ...others] as DataTableColumn<CheckRow>[];
  }, [t, mapping, extra, onEdit, onChoose, onExclude]);
}

/** Errors that no column of the table shows (a missing key type column, say): listed under the row's state. */
export function orphanErrors(line: CheckRow, shown: ReadonlySet<number>): string[] {
  return line.row.errors
    .filter((error) => error.column === null || !shown.has(error.column))
    .map((error) => error.message);
}
