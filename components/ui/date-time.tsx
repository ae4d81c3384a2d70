"use client";

import type { DateFormatOptions } from "@/lib/shared/format/date";
import { toDate } from "@/lib/shared/format/date";
import { useI18n } from "@/lib/browser/i18n";
import { cn } from "./cn";

export interface DateTimeProps {
  /** ISO string from the API (UTC). */
  value: string | null | undefined;
  /** "datetime" (default), "date", or "relative" ("há 5 min"; the exact time is in the tooltip). */
  format?: "datetime" | "date" | "relative";
  /** Show the zone abbreviation ("BRT") inline. The title always has it. */
  withZone?: boolean;
  options?: DateFormatOptions;
  className?: string;
}

/**
 * A timestamp in the operator's time zone, in a <time> element whose title
 * carries the full date, time and zone. Server and browser ICU can differ by a
 * space, so hydration differences in the text are tolerated.
 */
export function DateTime({ value, format = "datetime", withZone = false, options, className }: DateTimeProps) {
  const { formatDate, formatDateTime, formatRelative, t } = useI18n();
  const date = toDate(value);
  if (!date || !value) {
    return <span className={cn("text-muted-foreground", className)}>{t("common.none")}</span>;
  }
  const full = formatDateTime(date, { dateStyle: "medium", timeStyle: "medium", withZone: true });
  const text =
    format === "relative"
      ? formatRelative(date)
      : format === "date"
        ? formatDate(date, { ...options, withZone })
        : formatDateTime(date, { ...options, withZone });
  return (
    <time
      dateTime={date.toISOString()}
      title={full}
      className={cn("whitespace-nowrap tabular-nums", className)}
      suppressHydrationWarning
    >
      {text}
    </time>
  );
}
