"use client";

import { Globe } from "lucide-react";
import { useI18n } from "@/lib/browser/i18n";
import { zoneLabel } from "@/lib/shared/i18n/zone-label";
import { DateEntryField, type DateEntryFieldProps } from "./date-entry-field";

export interface DateTimeInputProps extends Omit<DateEntryFieldProps, "kind" | "note"> {
  /** ISO 8601 UTC ("2026-11-22T17:05:00Z"), or undefined. */
  value: string | null | undefined;
  onChange: (iso: string | undefined) => void;
  /** Earliest / latest instant (ISO), both included. */
  min?: string;
  max?: string;
  /** Hide the "Horário de Brasília (BRT)" line (e.g. when the label already says it). */
  hideZone?: boolean;
}

/**
 * A date and time typed as wall-clock time in the operator's zone (the `tz`
 * preference, São Paulo by default) and in the app's language ("15/12/2026
 * 18:30" in pt-BR, "12/15/2026 18:30" in English, 24-hour), handed to the form
 * as an ISO UTC string. The format and the zone are always shown so nobody
 * schedules in the wrong one.
 */
export function DateTimeInput({ hideZone = false, ...props }: DateTimeInputProps) {
  const { t, timeZone, timeZoneName } = useI18n();
  const abbr = timeZoneName(props.value ?? undefined);
  return (
    <DateEntryField
      {...props}
      kind="dateTime"
      note={(noteId, formatNote) =>
        hideZone ? (
          <span id={noteId} className="sr-only">
            {formatNote}
          </span>
        ) : (
          <p id={noteId} className="flex flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
            <Globe className="size-3.5 shrink-0" aria-hidden="true" />
            <span>{formatNote}</span> <span aria-hidden="true">·</span>{" "}
            <span>{t("form.dateTimeZone", { zone: zoneLabel(timeZone, t), abbr })}</span>
          </p>
        )
      }
    />
  );
}
