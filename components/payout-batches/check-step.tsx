"use client";

import { ArrowRight } from "lucide-react";
import { useCallback, useMemo, useState, type Dispatch } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { NativeSelect } from "@/components/ui/native-select";
import { useI18n } from "@/lib/browser/i18n";
import type { BatchSummary } from "@/lib/shared/batch/summary";
import { columnLetter } from "@/lib/shared/batch/table";
import type { PixKeyType } from "@/lib/shared/validation/pix";
import type { BatchDraft, DraftAction } from "./batch-draft";
import { useCheckColumns, type CheckRow, type ExtraColumn } from "./check-columns";
import { StepActions } from "./step-actions";

const SHOW = ["all", "errors", "excluded"] as const;
type Show = (typeof SHOW)[number];

/**
 * Columns no field is mapped to whose cells have errors (a formula: the results
 * file repeats every column), as "1,4": shown after the mapped ones, so the cell is fixed in place.
 */
function columnsWithErrors(draft: BatchDraft): string {
  const mapped = new Set(Object.values(draft.mapping));
  const indexes = new Set<number>();
  for (const row of draft.rows)
    for (const error of row.errors) if (error.column !== null && !mapped.has(error.column)) indexes.add(error.column);
  return [...indexes].sort((a, b) => a - b).join(",");
}

function extraColumns(indexes: string, header: readonly string[]): ExtraColumn[] {
  if (indexes === "") return [];
  return indexes.split(",").map((text) => {
    const index = Number(text);
    return { index, title: header[index]?.trim() || columnLetter(index) };
  });
}

function visible(line: CheckRow, show: Show): boolean {
  if (show === "errors") return !line.row.excluded && line.row.errors.length > 0;
  if (show === "excluded") return line.row.excluded;
  return true;
}

interface CheckStepProps {
  draft: BatchDraft;
  summary: BatchSummary;
  dispatch: Dispatch<DraftAction>;
  onBack: () => void;
  onReview: () => void;
}

/**
 * Step 3: every row with its errors per cell. A cell is fixed in place (the
 * row is validated again), an ambiguous key gets its type chosen, a row is
 * left out with its checkbox. Review opens only when no included row is invalid.
 */
export function CheckStep({ draft, summary, dispatch, onBack, onReview }: CheckStepProps) {
  const { t } = useI18n();
  const [show, setShow] = useState<Show>("all");

  const onEdit = useCallback(
    (index: number, column: number, text: string) => dispatch({ type: "edit", index, column, text }),
    [dispatch],
  );
  const onChoose = useCallback(
    (index: number, keyType: PixKeyType) => dispatch({ type: "choose", index, keyType }),
    [dispatch],
  );
  const onExclude = useCallback(
    (index: number, excluded: boolean) => dispatch({ type: "exclude", indexes: [index], excluded }),
    [dispatch],
  );
  // Keyed by the column indexes, so the table's columns are rebuilt only when that set changes, not on every edit.
  const extraIndexes = useMemo(() => columnsWithErrors(draft), [draft]);
  const header = draft.table.header;
  const extra = useMemo(() => extraColumns(extraIndexes, header), [extraIndexes, header]);
  const columns = useCheckColumns(draft.mapping, { onEdit, onChoose, onExclude }, extra);

  const lines = useMemo<CheckRow[]>(
    () =>
      draft.rows.map((row) => ({
        row,
        cells: draft.table.rows[row.index]?.cells ?? [],
        chosen: draft.choices.get(row.index),
      })),
    [draft],
  );
  const shown = useMemo(() => lines.filter((line) => visible(line, show)), [lines, show]);
  const invalidIndexes = useMemo(
    () => lines.filter((line) => !line.row.excluded && line.row.errors.length > 0).map((line) => line.row.index),
    [lines],
  );

  return (
    <div className="grid gap-4">
      <p className="text-sm" role="status" data-testid="batch-check-summary">
        {t("batches.check.summary", {
          included: summary.included,
          invalid: summary.invalid,
          excluded: summary.excluded,
        })}
      </p>
      <DataTable
        label={t("batches.check.tableLabel")}
        data={shown}
        columns={columns}
        columnsKey="batch-check"
        getRowId={(line) => String(line.row.index)}
        searchText={(line) => [line.row.rowNumber, ...line.cells].join(" ")}
        searchPlaceholder={t("batches.check.search")}
        estimateRowHeight={56}
        rowClassName={(line) => (line.row.excluded ? "bg-muted/40" : undefined)}
        filters={
          <NativeSelect
            size="sm"
            aria-label={t("batches.check.show")}
            value={show}
            onChange={(event) => setShow(event.target.value as Show)}
          >
            {SHOW.map((value) => (
              <option key={value} value={value}>
                {t(`batches.check.show.${value}`)}
              </option>
            ))}
          </NativeSelect>
        }
        toolbarActions={
          invalidIndexes.length > 0 ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => dispatch({ type: "exclude", indexes: invalidIndexes, excluded: true })}
            >
              {t("batches.check.excludeInvalid", { count: invalidIndexes.length })}
            </Button>
          ) : null
        }
      />
      {!summary.ready ? (
        <p className="text-sm text-muted-foreground" id="batch-check-blocked">
          {summary.invalid > 0
            ? t("batches.check.blockedInvalid", { count: summary.invalid })
            : t("batches.check.blockedEmpty")}
        </p>
      ) : null}
      <StepActions backLabel={t("batches.check.backToMap")} onBack={onBack}>
        <Button
          type="button"
          onClick={onReview}
          disabled={!summary.ready}
          aria-describedby={summary.ready ? undefined : "batch-check-blocked"}
        >
          {t("batches.check.review")}
          <ArrowRight aria-hidden="true" />
        </Button>
      </StepActions>
    </div>
  );
}
