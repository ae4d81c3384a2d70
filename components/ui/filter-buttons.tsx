"use client";

import { FilterX, SlidersHorizontal } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useI18n } from "@/lib/browser/i18n";

/** "Clear filters", shown only when there is something to clear. */
export function ClearFiltersButton({ onClear }: { onClear?: () => void }) {
  const { t } = useI18n();
  if (!onClear) return null;
  return (
    <Button variant="ghost" size="sm" onClick={onClear}>
      <FilterX aria-hidden="true" />
      {t("common.clearFilters")}
    </Button>
  );
}

/** On phones, the button that shows or hides a list's filter panel, with how many filters are active. */
export function FiltersToggleButton({
  expanded,
  onToggle,
  panelId,
  activeCount,
  className,
}: {
  expanded: boolean;
  onToggle: () => void;
  panelId: string;
  activeCount: number;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-expanded={expanded}
      aria-controls={panelId}
      onClick={onToggle}
      className={cn(className)}
    >
      <SlidersHorizontal aria-hidden="true" />
      {t("common.filters")}
      {activeCount > 0 ? (
        <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums">
          {activeCount}
        </span>
      ) : null}
    </Button>
  );
}

/**
 * A list's filter controls. On phones (`compact`) they open from a "Filters"
 * button, so the list starts near the top; on wider screens they are shown as
 * they are.
 */
export function CollapsibleFilters({
  compact,
  activeCount,
  children,
}: {
  compact: boolean;
  activeCount: number;
  children: ReactNode;
}) {
  const panelId = `filters-${useId()}`;
  const [expanded, setExpanded] = useState(false);
  if (!compact) return <>{children}</>;
  return (
    <>
      <FiltersToggleButton
        expanded={expanded}
        onToggle={() => setExpanded((v) => !v)}
        panelId={panelId}
        activeCount={activeCount}
      />
      <div id={panelId} hidden={!expanded} className="w-full space-y-2 [&>*]:w-full">
        {children}
      </div>
    </>
  );
}
