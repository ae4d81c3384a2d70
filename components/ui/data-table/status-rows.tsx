"use client";

import type { Column } from "@tanstack/react-table";
import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { useI18n } from "@/lib/browser/i18n";
import { Button } from "../button";
import { EmptyState } from "../empty-state";
import { Skeleton } from "../skeleton";
import { SlowUpstreamNotice } from "../slow-notice";

/** Placeholder rows while the first page loads, with a screen-reader "loading" line and, if it is slow, a word. */
export function SkeletonRows<TData>({ columns }: { columns: Column<TData, unknown>[] }) {
  const { t } = useI18n();
  return (
    <>
      <tr>
        <td colSpan={columns.length} className="p-0">
          <StayInView>
            <SlowUpstreamNotice className="px-3 pt-3" />
          </StayInView>
        </td>
      </tr>
      {Array.from({ length: 8 }, (_, i) => (
        <tr key={`skeleton-${i}`} aria-hidden="true">
          {columns.map((column) => (
            <td key={column.id} className="border-b px-3 py-3">
              <Skeleton className="h-4 w-[70%]" />
            </td>
          ))}
        </tr>
      ))}
      <tr className="sr-only">
        <td colSpan={columns.length}>{t("table.loading")}</td>
      </tr>
    </>
  );
}

/** No rows at all: the caller's empty state, or a generic one. */
export function EmptyRow({ colCount, emptyState }: { colCount: number; emptyState: ReactNode }) {
  const { t } = useI18n();
  return (
    <tr>
      <td colSpan={colCount}>
        <StayInView>{emptyState ?? <EmptyState title={t("table.empty")} />}</StayInView>
      </td>
    </tr>
  );
}

/** Rows exist but the search matched none: say so and offer to clear it. */
export function NoResultsRow({
  colCount,
  query,
  onClear,
}: {
  colCount: number;
  query: string;
  onClear: (() => void) | undefined;
}) {
  const { t } = useI18n();
  return (
    <tr>
      <td colSpan={colCount}>
        <StayInView>
          <EmptyState
            icon={Search}
            title={t("table.noResults")}
            description={query ? t("table.noResultsFor", { query }) : undefined}
            action={
              onClear ? (
                <Button variant="outline" size="sm" onClick={onClear}>
                  {t("common.clear")}
                </Button>
              ) : undefined
            }
          />
        </StayInView>
      </td>
    </tr>
  );
}

/** Keeps a full-width message in view if the table scrolls sideways (its headers alone wider than the page). */
function StayInView({ children }: { children: ReactNode }) {
  return <div className="sticky left-0 w-full max-w-[calc(100vw-2rem)]">{children}</div>;
}
