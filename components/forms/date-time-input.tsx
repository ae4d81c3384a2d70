"use client";

import { Globe } from "lucide-react";
import { useId, useState, type ComponentProps, type FocusEvent } from "react";
import { cn } from "@/components/ui/cn";
import { inputClassName } from "@/components/ui/input";
import { utcIsoToZonedLocal, zonedLocalToUtcIso } from "@/lib/shared/format/date";
import { useI18n } from "@/lib/browser/i18n";
import { zoneLabel } from "@/lib/shared/i18n/zone-label";
import { StandaloneError } from "./standalone-error";
import { useControlWithOwnError } from "./use-control-error";

export interface DateTimeInputProps extends Omit<
  ComponentProps<"input">,
  "value" | "defaultValue" | "onChange" | "type" | "min" | "max"
> {
  /** ISO 8601 UTC ("2026-11-22T17:05:00Z"), or undefined. */
  value: string | null | undefined;
  onChange: (iso: string | undefined) => void;
  /** Earliest / latest instant (ISO), shown as the picker's bounds. */
  min?: string;
  max?: string;
  /** Hide the "Horário de Brasília (BRT)" line (e.g. when the label already says it). */
  hideZone?: boolean;
}

/**
 * A date and time typed as wall-clock time in the operator's zone (the `tz`
 * preference, São Paulo by default), handed to the form as an ISO UTC string.
 * The zone is always shown so nobody schedules in the wrong one.
 */
export function DateTimeInput({
  value,
  onChange,
  onBlur,
  min,
  max,
  hideZone = false,
  className,
  id,
  ...props
}: DateTimeInputProps) {
  const { t, timeZone, timeZoneName } = useI18n();
  const zoneNoteId = `dt-zone-${useId()}`;
  const standaloneErrorId = `${zoneNoteId}-error`;
  const { error, setError, standalone, control } = useControlWithOwnError(
    { ...props, id },
    standaloneErrorId,
    hideZone ? undefined : zoneNoteId,
  );
  const [text, setText] = useState(() => (value ? utcIsoToZonedLocal(value, timeZone) : ""));
  const [last, setLast] = useState({ value, timeZone });

  // Follow outside changes (reset) and zone switches.
  if (last.value !== value || last.timeZone !== timeZone) {
    setLast({ value, timeZone });
    const current = text ? zonedLocalToUtcIso(text, last.timeZone) : null;
    if ((value ?? null) !== current || last.timeZone !== timeZone)
      setText(value ? utcIsoToZonedLocal(value, timeZone) : "");
  }

  const handleChange = (next: string) => {
    setText(next);
    if (next === "") {
      setError(null);
      onChange(undefined);
      return;
    }
    const iso = zonedLocalToUtcIso(next, timeZone);
    setError(iso ? null : "validation.dateTime");
    onChange(iso ?? undefined);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    // Browsers report an incomplete datetime-local as "" while the box shows partial text.
    if (event.currentTarget.validity.badInput) setError("validation.dateTime");
    onBlur?.(event);
  };

  const abbr = timeZoneName(value ?? undefined);

  return (
    <div className="grid gap-1.5">
      <input
        {...props}
        {...control}
        type="datetime-local"
        data-slot="date-time-input"
        value={text}
        min={min ? utcIsoToZonedLocal(min, timeZone) : undefined}
        max={max ? utcIsoToZonedLocal(max, timeZone) : undefined}
        onChange={(e) => handleChange(e.target.value)}
        onBlur={handleBlur}
        className={cn(inputClassName, "tabular-nums", className)}
      />
      {hideZone ? null : (
        <p id={zoneNoteId} className="flex items-center gap-1 text-xs text-muted-foreground">
          <Globe className="size-3.5" aria-hidden="true" />
          {t("form.dateTimeZone", { zone: zoneLabel(timeZone, t), abbr })}
        </p>
      )}
      <StandaloneError id={standaloneErrorId} error={error} standalone={standalone} />
    </div>
  );
}
