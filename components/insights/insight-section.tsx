"use client";

import { useId, type ReactNode } from "react";
import { ExportButtons, useSheetExport } from "@/components/ui/export-buttons";
import type { ExportSheet } from "@/lib/shared/export";

/** The export of one table: its sheet and its rows as the table shows them. */
export interface SectionExport<Row> {
  sheet: ExportSheet<Row>;
  rows: readonly Row[];
}

/**
 * One insight: a titled region (its heading names it for screen readers), a line on what it counts, the CSV and
 * .xlsx of its table, then its chart and table (stacked on phones, side by side where the caller lays them out).
 */
export function InsightSection<Row>({
  title,
  description,
  exportOf,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  exportOf?: SectionExport<Row>;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  const { busy, run } = useSheetExport();
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-4 rounded-lg border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="text-base leading-tight font-semibold">
            {title}
          </h2>
          {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {exportOf ? (
            <ExportButtons
              busy={busy}
              disabled={exportOf.rows.length === 0}
              onExport={(format) => void run(format, exportOf.sheet, exportOf.rows)}
            />
          ) : null}
        </div>
      </div>
      {children}
    </section>
  );
}
