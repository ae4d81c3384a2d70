"use client";

import * as Popover from "radix-ui/popover";
import { useRef, type RefObject } from "react";
import { DayPicker } from "react-day-picker";
import { enUS } from "react-day-picker/locale/en-US";
import { ptBR } from "react-day-picker/locale/pt-BR";
import type { Locale } from "@/lib/shared/i18n/config";

/*
 * The calendar of the date inputs, in its own module: the inputs load it with a
 * dynamic import the first time a calendar button is pressed, so typing a date
 * (and every page's first load) needs none of react-day-picker or date-fns.
 *
 * The calendar deals in calendar days only ("2026-12-15"). DayPicker works with
 * Dates in the browser's own zone, so a day travels as that zone's local noon:
 * the day a Date names there is the day the operator picked, whatever the
 * browser's zone and the business's zone are. The business's "today" is passed
 * in, already worked out in its zone.
 */

export interface DateCalendarProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the popover lines up with (the input and its button). */
  anchor: RefObject<HTMLElement | null>;
  /** The accessible name of the calendar dialog. */
  label: string;
  locale: Locale;
  /** Days as "YYYY-MM-DD". */
  selected: string | undefined;
  today: string;
  min?: string;
  max?: string;
  onSelect: (day: string) => void;
  /** Where focus goes when the popover closes (Radix would otherwise look for its own Trigger). */
  onCloseAutoFocus: (event: Event) => void;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayToDate(day: string | undefined): Date | undefined {
  const m = day ? DAY_RE.exec(day) : null;
  if (!m) return undefined;
  const date = new Date(2000, 0, 1, 12);
  // setFullYear, not the constructor: the constructor reads years 0–99 as 1900–1999.
  date.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return date;
}

function dateToDay(date: Date): string {
  const pad = (n: number, len = 2) => String(n).padStart(len, "0");
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const dayButton =
  "inline-flex size-9 items-center justify-center rounded-md text-sm tabular-nums hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

export function DateCalendar({
  open,
  onOpenChange,
  anchor,
  label,
  locale,
  selected,
  today,
  min,
  max,
  onSelect,
  onCloseAutoFocus,
}: DateCalendarProps) {
  // A click elsewhere closes the popover and leaves focus where the operator put it.
  const interactedOutside = useRef(false);
  const selectedDate = dayToDate(selected);
  const todayDate = dayToDate(today) ?? new Date();
  const minDate = dayToDate(min);
  const maxDate = dayToDate(max);
  const start = selectedDate ?? todayDate;
  const month = maxDate && start > maxDate ? maxDate : minDate && start < minDate ? minDate : start;
  const disabled = [...(minDate ? [{ before: minDate }] : []), ...(maxDate ? [{ after: maxDate }] : [])];

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          aria-label={label}
          role="dialog"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          // DayPicker puts focus on the selected day (or today) itself.
          onOpenAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={() => {
            interactedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            if (interactedOutside.current) event.preventDefault();
            else onCloseAutoFocus(event);
            interactedOutside.current = false;
          }}
          className="z-50 rounded-md border border-border bg-card p-3 text-foreground shadow-md"
        >
          <DayPicker
            mode="single"
            required
            autoFocus
            locale={locale === "en" ? enUS : ptBR}
            selected={selectedDate}
            defaultMonth={month}
            today={todayDate}
            startMonth={minDate}
            endMonth={maxDate}
            disabled={disabled}
            onSelect={(date) => onSelect(dateToDay(date))}
            classNames={{
              root: "relative",
              months: "flex flex-col",
              month: "grid gap-2",
              month_caption: "flex h-8 items-center justify-center px-9",
              caption_label: "text-sm font-medium capitalize",
              nav: "absolute inset-x-0 top-0 flex h-8 items-center justify-between",
              button_previous: `${dayButton} size-8 disabled:opacity-40`,
              button_next: `${dayButton} size-8 disabled:opacity-40`,
              chevron: "size-4 fill-current",
              month_grid: "border-collapse",
              weekdays: "text-xs text-muted-foreground",
              weekday: "size-9 text-center font-normal",
              day: "p-0 text-center",
              day_button: dayButton,
              selected: "[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary/90",
              today: "[&>button]:font-semibold [&>button]:underline [&>button]:underline-offset-4",
              outside: "text-muted-foreground",
              disabled: "text-muted-foreground opacity-45 [&>button]:pointer-events-none",
              hidden: "invisible",
              focused: "",
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
