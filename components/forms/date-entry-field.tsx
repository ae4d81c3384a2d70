"use client";

import { CalendarDays } from "lucide-react";
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type FocusEvent,
  type ReactNode,
} from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClassName } from "@/components/ui/input";
import { lazyOnDemand, useOpenedOnce } from "@/components/ui/lazy-on-demand";
import { mergeRefs } from "@/components/ui/merge-refs";
import { useI18n } from "@/lib/browser/i18n";
import { utcIsoToZonedLocal, wallDateText, wallTimeIn } from "@/lib/shared/format/date";
import {
  caretAfterMask,
  dateOrderOf,
  dayToEntry,
  formatEntry,
  isoToEntry,
  maskEntry,
  readDateEntry,
  readDateTimeEntry,
  readEntry,
  wallOfDay,
  type DateOrder,
} from "@/lib/shared/format/date-entry";
import { zoneLabel } from "@/lib/shared/i18n/zone-label";
import { StandaloneError } from "./standalone-error";
import { useControlWithOwnError } from "./use-control-error";

/** The calendar (react-day-picker, date-fns locales, the Radix popover): downloaded on the first press of a calendar button. */
const Calendar = lazyOnDemand(() => import("./date-calendar").then((m) => m.DateCalendar));

export interface DateEntryFieldProps extends Omit<
  ComponentProps<"input">,
  "value" | "defaultValue" | "onChange" | "type" | "min" | "max" | "children"
> {
  /** "date": the value is a calendar day "YYYY-MM-DD"; "dateTime": an ISO UTC instant. */
  kind: "date" | "dateTime";
  value: string | null | undefined;
  onChange: (value: string | undefined) => void;
  /** Bounds in the value's own form (days, or ISO instants), both included. */
  min?: string;
  max?: string;
  /**
   * Shown instead of the generic "use … or later/earlier" when the value lies outside min/max (already
   * translated): one message for both ends, or one for each.
   */
  rangeMessage?: string | { min: string; max: string };
  /** The calendar button's accessible name (default "Open calendar"); name the field when several are on a page. */
  calendarLabel?: string;
  /** A note under the field (the zone line of the date-time input), rendered with `noteId`. */
  note?: (noteId: string, formatNote: string) => ReactNode;
  /** Classes of the outer block (input, notes, error). */
  wrapperClassName?: string;
  /** Classes of the box holding the input and its calendar button (give widths here, not to the input). */
  fieldClassName?: string;
}

type Reading = { value: string | undefined; error: string | null; complete: boolean };

function dayOfIso(iso: string | undefined, timeZone: string): string | undefined {
  const local = iso ? utcIsoToZonedLocal(iso, timeZone) : "";
  return local ? local.slice(0, 10) : undefined;
}

/**
 * A masked text field for a date or a date and time, read in the APP's language
 * (the dictionary's pattern: dd/mm/aaaa in pt-BR, mm/dd/yyyy in English; 24-hour
 * time) and, for date-times, in the business's zone. The browser's own language
 * plays no part. Its own errors (a day the calendar lacks, an incomplete entry, a
 * value outside min/max) show next to it; a calendar button opens a lazily
 * loaded calendar. Used through DateInput and DateTimeInput.
 */
export function DateEntryField({
  kind,
  value: rawValue,
  onChange,
  onBlur,
  min,
  max,
  rangeMessage,
  calendarLabel,
  note,
  className,
  wrapperClassName,
  fieldClassName,
  id,
  ref,
  disabled,
  ...props
}: DateEntryFieldProps) {
  const { t, locale, timeZone } = useI18n();
  const value = rawValue ?? undefined;
  const withTime = kind === "dateTime";
  const pattern = t(withTime ? "form.dateTimePattern" : "form.datePattern");
  const order: DateOrder = dateOrderOf(t("form.datePattern"));
  const baseId = useId();
  const noteId = `date-note-${baseId}`;
  const errorId = `date-error-${baseId}`;
  const formatNote = t(withTime ? "form.dateTimeFormatNote" : "form.dateFormatNote", { pattern });
  const { error, setError, standalone, control } = useControlWithOwnError({ ...props, id }, errorId, noteId);

  const textOf = (v: string | undefined): string => (withTime ? isoToEntry(v, order, timeZone) : dayToEntry(v, order));

  const read = (text: string): Reading => {
    if (withTime) {
      const r = readDateTimeEntry(text, order, timeZone);
      if (r.status === "ok") return { value: r.iso, error: null, complete: true };
      if (r.status === "empty") return { value: undefined, error: null, complete: true };
      if (r.status === "incomplete")
        return { value: undefined, error: t("validation.dateTimeIncomplete", { pattern }), complete: false };
      if (r.status === "skipped")
        return {
          value: undefined,
          error: t("validation.dateTimeSkipped", { zone: zoneLabel(timeZone, t) }),
          complete: true,
        };
      return { value: undefined, error: t("validation.dateTimeInvalid"), complete: true };
    }
    const r = readDateEntry(text, order);
    if (r.status === "ok") return { value: r.day, error: null, complete: true };
    if (r.status === "empty") return { value: undefined, error: null, complete: true };
    if (r.status === "incomplete")
      return { value: undefined, error: t("validation.dateIncomplete", { pattern }), complete: false };
    return { value: undefined, error: t("validation.dateInvalid"), complete: true };
  };

  /** The message for a value outside the bounds, or null. Days compare as text (four-digit years). */
  const rangeError = (v: string | undefined): string | null => {
    if (!v) return null;
    const before = withTime ? Boolean(min && Date.parse(v) < Date.parse(min)) : Boolean(min && v < min);
    const after = withTime ? Boolean(max && Date.parse(v) > Date.parse(max)) : Boolean(max && v > max);
    if (!before && !after) return null;
    if (typeof rangeMessage === "string") return rangeMessage;
    if (rangeMessage) return before ? rangeMessage.min : rangeMessage.max;
    if (withTime)
      return before
        ? t("validation.dateTimeMin", { min: isoToEntry(min, order, timeZone) })
        : t("validation.dateTimeMax", { max: isoToEntry(max, order, timeZone) });
    return before
      ? t("validation.dateMin", { min: dayToEntry(min, order) })
      : t("validation.dateMax", { max: dayToEntry(max, order) });
  };

  const [text, setText] = useState(() => textOf(value));
  /** An error of the text itself (31/02, incomplete after leaving the field); range errors follow the value. */
  const [textError, setTextError] = useState<string | null>(null);
  const [last, setLast] = useState({ value, order, timeZone });

  // Follow outside changes (a reset, the URL) and language or zone switches, without fighting the typing.
  if (last.value !== value || last.order !== order || last.timeZone !== timeZone) {
    const switched = last.order !== order || last.timeZone !== timeZone;
    setLast({ value, order, timeZone });
    if (switched || read(text).value !== value) {
      setText(textOf(value));
      setTextError(null);
    }
  }

  const shownError = textError ?? rangeError(value);
  if (shownError !== error) setError(shownError);

  const inputRef = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  // Text that cannot be read hands the form no value; the input says it is invalid (constraint validation), so a
  // form can refuse to send without it (see PaymentLinkForm) instead of saving as if the field were empty.
  const unreadable = read(text).error !== null;
  useLayoutEffect(() => {
    inputRef.current?.setCustomValidity(unreadable ? "unreadable" : "");
  }, [unreadable]);

  const take = (next: string, showIncomplete: boolean) => {
    setText(next);
    const r = read(next);
    setTextError(r.error && (r.complete || showIncomplete) ? r.error : null);
    if (r.value !== value) onChange(r.value);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const masked = maskEntry(raw, withTime);
    caret.current = caretAfterMask(raw, event.target.selectionStart ?? raw.length, masked);
    take(masked, false);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const r = read(text);
    if (r.error) setTextError(r.error);
    onBlur?.(event);
  };

  // The calendar.
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const [today, setToday] = useState("");
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const picked = useRef(false);

  /** The day the text names so far (the date part of a date-time), for the calendar to open on. */
  const typedDay = (() => {
    const r = readEntry(text.slice(0, 10), order, false);
    return r.status === "ok" ? wallDateText(r.wall) : undefined;
  })();

  const pick = (day: string) => {
    const w = wallOfDay(day);
    if (!w) return;
    picked.current = true;
    setOpen(false);
    if (!withTime) {
      const next = formatEntry(w, order, false);
      caret.current = next.length;
      take(next, true);
      return;
    }
    // Keep a time already typed; otherwise leave the cursor where the time goes.
    const time = /^\d{2}:\d{2}$/.test(text.slice(11)) ? text.slice(11) : "";
    const next = `${formatEntry(w, order, false)} ${time}`;
    caret.current = next.length;
    take(next, false);
  };

  const openCalendar = () => {
    setToday(wallDateText(wallTimeIn(timeZone, Date.now())));
    setOpen(true);
  };

  return (
    <div className={cn("grid grid-cols-[minmax(0,1fr)] gap-1.5", wrapperClassName)}>
      <div ref={anchor} className={cn("relative", fieldClassName)}>
        <input
          {...props}
          {...control}
          ref={mergeRefs(ref, inputRef)}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          placeholder={pattern}
          data-slot={withTime ? "date-time-input" : "date-input"}
          value={text}
          onChange={handleChange}
          onBlur={handleBlur}
          className={cn(inputClassName, "pr-9 tabular-nums", className)}
        />
        <Button
          ref={button}
          type="button"
          variant="ghost"
          size="icon-sm"
          disabled={disabled}
          aria-label={calendarLabel ?? t("form.openCalendar")}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={Calendar.preload}
          onFocus={Calendar.preload}
          onClick={openCalendar}
          className="absolute top-1/2 right-0.5 size-7 -translate-y-1/2 text-muted-foreground"
        >
          <CalendarDays aria-hidden="true" />
        </Button>
      </div>
      {note ? (
        note(noteId, formatNote)
      ) : (
        <span id={noteId} className="sr-only">
          {formatNote}
        </span>
      )}
      <StandaloneError id={errorId} error={error} standalone={standalone} />
      {mounted ? (
        <Calendar.Component
          open={open}
          onOpenChange={setOpen}
          anchor={anchor}
          label={t("form.calendar")}
          locale={locale}
          selected={typedDay ?? (withTime ? dayOfIso(value, timeZone) : value)}
          today={today}
          min={withTime ? dayOfIso(min, timeZone) : min}
          max={withTime ? dayOfIso(max, timeZone) : max}
          onSelect={pick}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const input = inputRef.current;
            if (picked.current && input) {
              input.focus();
              input.setSelectionRange(input.value.length, input.value.length);
            } else button.current?.focus();
            picked.current = false;
          }}
        />
      ) : null}
    </div>
  );
}
