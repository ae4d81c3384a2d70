"use client";

import { useId, useMemo, useState, type ReactNode } from "react";
import { DateInput } from "@/components/forms/date-input";
import { FormFieldContext, type FormFieldContextValue } from "@/components/ui/form-field-context";
import { useI18n } from "@/lib/browser/i18n";

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

/** One end of the range: its input, wired like a FormField control so its own error lands under the pair. */
function RangeEnd({
  value,
  onChange,
  label,
  calendarLabel,
  error,
  errorId,
  onError,
  bounds,
}: {
  value: string | undefined;
  onChange: (day: string | undefined) => void;
  label: string;
  calendarLabel: string;
  error: string | null;
  errorId: string;
  onError: (message: string | null) => void;
  bounds: DateRangeFilterProps["bounds"];
}) {
  const id = `date-range-${useId()}`;
  const ctx = useMemo<FormFieldContextValue>(
    () => ({
      id,
      descriptionId: undefined,
      errorId: error ? errorId : undefined,
      invalid: Boolean(error),
      required: false,
      setControlError: onError,
    }),
    [id, error, errorId, onError],
  );
  return (
    <FormFieldContext.Provider value={ctx}>
      <DateInput
        aria-label={label}
        calendarLabel={calendarLabel}
        value={value}
        onChange={onChange}
        min={bounds?.min}
        max={bounds?.max}
        rangeMessage={bounds?.message}
        wrapperClassName="min-w-0 flex-1 sm:flex-none"
        fieldClassName="sm:w-[9.5rem]"
        className="h-8 pl-2"
      />
    </FormFieldContext.Provider>
  );
}

/**
 * A from–to pair of typed date inputs (DateInput: the app's date format, a
 * calendar on demand) for list filters, with the zone the days are read in. A
 * day only reaches the URL once it is complete and real; what is wrong with a
 * typed day (31/02, outside `bounds`) is said under the pair.
 */
export function DateRangeFields({ from, to, onChange, zone, labels, caption, bounds }: DateRangeFilterProps) {
  const { t } = useI18n();
  const baseId = `date-range-error-${useId()}`;
  const [fromError, setFromError] = useState<string | null>(null);
  const [toError, setToError] = useState<string | null>(null);
  const fromErrorId = `${baseId}-from`;
  // The same message twice (both days out of bounds) is said once.
  const toErrorId = toError && toError === fromError ? fromErrorId : `${baseId}-to`;
  return (
    <div className="grid w-full gap-1 sm:w-auto">
      <div
        role="group"
        aria-label={labels.group}
        className="flex w-full flex-wrap items-center gap-1.5 sm:w-auto sm:flex-nowrap"
      >
        {/* On a phone the caption takes its own line: beside it, two days do not fit whole in 375 px. */}
        {caption ? (
          <span className="shrink-0 text-xs text-muted-foreground max-sm:basis-full" aria-hidden="true">
            {caption}
          </span>
        ) : null}
        <RangeEnd
          value={from}
          onChange={(day) => onChange({ from: day ?? null })}
          label={labels.from}
          calendarLabel={t("form.openCalendarFor", { field: labels.from })}
          error={fromError}
          errorId={fromErrorId}
          onError={setFromError}
          bounds={bounds}
        />
        <span className="text-xs text-muted-foreground" aria-hidden="true">
          –
        </span>
        <RangeEnd
          value={to}
          onChange={(day) => onChange({ to: day ?? null })}
          label={labels.to}
          calendarLabel={t("form.openCalendarFor", { field: labels.to })}
          error={toError}
          errorId={toErrorId}
          onError={setToError}
          bounds={bounds}
        />
        <span className="shrink-0 text-xs text-muted-foreground" title={labels.zoneHint}>
          {zone}
        </span>
      </div>
      {fromError ? (
        <p id={fromErrorId} className="text-xs font-medium text-destructive-soft-foreground">
          {fromError}
        </p>
      ) : null}
      {toError && toErrorId !== fromErrorId ? (
        <p id={toErrorId} className="text-xs font-medium text-destructive-soft-foreground">
          {toError}
        </p>
      ) : null}
    </div>
  );
}
