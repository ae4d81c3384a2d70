"use client";

import { FilterX } from "lucide-react";
import type { ReactNode } from "react";
import { useI18n } from "@/lib/browser/i18n";
import { Button } from "./button";
import { EmptyState, type EmptyStateProps } from "./empty-state";

export interface ListEmptyStateProps {
  /** True when filters (or a search) hide every row: "nothing matches" with a way out, instead of "nothing yet". */
  filtered: boolean;
  onClearFilters: () => void;
  /** The list has nothing yet: what it will hold and, where the role may, how to start. */
  empty: Pick<EmptyStateProps, "icon" | "title" | "description" | "action">;
  /** Nothing matches the filters. */
  noMatch: { title: ReactNode; description?: ReactNode };
}

/** A list's empty state: "nothing yet" (with its own action), or "nothing matches" with "Clear filters". */
export function ListEmptyState({ filtered, onClearFilters, empty, noMatch }: ListEmptyStateProps) {
  const { t } = useI18n();
  if (!filtered) return <EmptyState {...empty} />;
  return (
    <EmptyState
      icon={FilterX}
      title={noMatch.title}
      description={noMatch.description}
      action={
        <Button variant="outline" size="sm" onClick={onClearFilters}>
          {t("common.clearFilters")}
        </Button>
      }
    />
  );
}
