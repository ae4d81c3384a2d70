"use client";

import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { inputClassName } from "@/components/ui/input";

export interface DateRangeFilterProps {
  /** Calendar days (YYYY-MM-DD) in the operator's zone. */
  from: string | undefined;
  to: string | undefined;
  onChange: (patch: { from?: string | null; to?: string | null }) => void;
  /** Short name of the operator's zone, shown beside the inputs. */
  zone: string;
  labels: { group: string; from: string; to: string; zoneHint: string };
  /** Optional caption before the inputs (e.g. "Opened"). */
  caption?: ReactNode;
}

/** A from–to pair of date inputs for list filters, with the zone the days are read in. */
export function DateRangeFilter({ from, to, onChange, zone, labels, caption }: DateRangeFilterProps) {
  const dateInput = cn(inputClassName, "h-8 w-full min-w-0 px-2 tabular-nums sm:w-[9.5rem]");
  return (
    <div role="group" aria-label={labels.group} className="flex w-full items-center gap-1.5 sm:w-auto">
      {caption ? (
        <span className="shrink-0 text-xs text-muted-foreground" aria-hidden="true">
          {caption}
        </span>
      ) : null}
      <input type="date" aria-label={labels.from} value={from ?? ""} max={to} onChange={(e) => onChange({ from: e.target.value || null })} className={dateInput} />
      <span className="text-xs text-muted-foreground" aria-hidden="true">
        –
      </span>
      <input type="date" aria-label={labels.to} value={to ?? ""} min={from} onChange={(e) => onChange({ to: e.target.value || null })} className={dateInput} />
      <span className="shrink-0 text-xs text-muted-foreground" title={labels.zoneHint}>
        {zone}
      </span>
    </div>
  );
}
