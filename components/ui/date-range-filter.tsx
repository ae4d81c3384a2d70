"use client";

import { useId, type ReactNode } from "react";
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
  /** The days the filter may name (YYYY-MM-DD); a day outside them is marked invalid, with `message` beside the inputs. */
  bounds?: { min: string; max: string; message: string };
}

/** A from–to pair of date inputs for list filters, with the zone the days are read in. */
export function DateRangeFilter({ from, to, onChange, zone, labels, caption, bounds }: DateRangeFilterProps) {
  const errorId = `date-range-error-${useId()}`;
  const dateInput = cn(inputClassName, "h-8 w-full min-w-0 px-2 tabular-nums sm:w-[9.5rem]");
  // Four-digit years: the days compare as text.
  const outside = (day: string | undefined) => Boolean(bounds && day && (day < bounds.min || day > bounds.max));
  const invalid = { from: outside(from), to: outside(to) };
  const invalidProps = (bad: boolean) => (bad ? { "aria-invalid": true, "aria-describedby": errorId } : {});
  return (
    <div className="grid w-full gap-1 sm:w-auto">
      <div role="group" aria-label={labels.group} className="flex w-full items-center gap-1.5 sm:w-auto">
        {caption ? (
          <span className="shrink-0 text-xs text-muted-foreground" aria-hidden="true">
            {caption}
          </span>
        ) : null}
        <input
          type="date"
          aria-label={labels.from}
          value={from ?? ""}
          min={bounds?.min}
          max={to && !invalid.to ? to : bounds?.max}
          onChange={(e) => onChange({ from: e.target.value || null })}
          className={dateInput}
          {...invalidProps(invalid.from)}
        />
        <span className="text-xs text-muted-foreground" aria-hidden="true">
          –
        </span>
        <input
          type="date"
          aria-label={labels.to}
          value={to ?? ""}
          min={from && !invalid.from ? from : bounds?.min}
          max={bounds?.max}
          onChange={(e) => onChange({ to: e.target.value || null })}
          className={dateInput}
          {...invalidProps(invalid.to)}
        />
        <span className="shrink-0 text-xs text-muted-foreground" title={labels.zoneHint}>
          {zone}
        </span>
      </div>
      {bounds && (invalid.from || invalid.to) ? (
        <p id={errorId} className="text-xs font-medium text-destructive-soft-foreground">
          {bounds.message}
        </p>
      ) : null}
    </div>
  );
}
