/**
 * Typed dates in the app's language, not the browser's: "15/12/2026 18:30" in
 * pt-BR, "12/15/2026 18:30" in English (both 24-hour). Pure functions shared by
 * the date inputs (components/forms/date-input.tsx, date-time-input.tsx) and
 * their tests. The order of day and month comes from the dictionary's pattern
 * ("form.datePattern": "dd/mm/aaaa" / "mm/dd/yyyy"), so the placeholder the
 * operator sees and the way the text is read cannot disagree.
 */
import { utcIsoToZonedLocal, wallDateText, wallTimeFromDigits, zonedLocalToUtcIso, type WallTime } from "./date";

/** Day before month (pt-BR) or month before day (en). */
export type DateOrder = "dmy" | "mdy";

/** "dd/mm/aaaa" → "dmy", "mm/dd/yyyy" → "mdy" (whichever of d and m comes first). */
export function dateOrderOf(pattern: string): DateOrder {
  const d = pattern.toLowerCase().indexOf("d");
  const m = pattern.toLowerCase().indexOf("m");
  return m !== -1 && (d === -1 || m < d) ? "mdy" : "dmy";
}

/** Digit groups as typed: two first fields, the year, then hour and minute. */
const GROUP_SIZES = [2, 2, 4, 2, 2] as const;
const SEPARATORS = ["/", "/", " ", ":"] as const;

/**
 * The text as the operator meant it, in the mask's shape: separators are added
 * as digits arrive ("15122026" → "15/12/2026"), a one-digit day, month or hour
 * closed by a separator is padded ("1/2/2026" → "01/02/2026", never
 * "12/20/26"), and a short year stays short (so it reads as incomplete rather
 * than borrowing the hour's digits). Anything past the last group is dropped.
 */
export function maskEntry(text: string, withTime: boolean): string {
  const count = withTime ? GROUP_SIZES.length : 3;
  const groups: string[] = [""];
  const closed: boolean[] = [false];
  const advance = (): boolean => {
    if (groups.length >= count) return false;
    groups.push("");
    closed.push(false);
    return true;
  };
  for (const char of text) {
    const at = groups.length - 1;
    const size = GROUP_SIZES[at] ?? 0;
    if (char >= "0" && char <= "9") {
      if ((groups[at] ?? "").length >= size) {
        if (!advance()) break;
        groups[at + 1] = char;
      } else groups[at] = `${groups[at] ?? ""}${char}`;
      continue;
    }
    const current = groups[at] ?? "";
    if (current === "") {
      // A separator right after a full group (the mask had not shown it yet): show it.
      if (at > 0 && (groups[at - 1] ?? "").length > 0) closed[at - 1] = true;
      continue;
    }
    if (at + 1 >= count) continue;
    if (current.length === 1 && size === 2) groups[at] = `0${current}`;
    closed[at] = true;
    advance();
  }
  let out = "";
  groups.forEach((group, i) => {
    out += group;
    const next = groups[i + 1];
    if (i < count - 1 && group !== "" && (closed[i] || (next !== undefined && next !== ""))) out += SEPARATORS[i];
  });
  return out;
}

/** Where the caret goes after masking: after as many digits as stood before it in the raw text. */
export function caretAfterMask(raw: string, caret: number, masked: string): number {
  if (caret >= raw.length) return masked.length;
  const digits = raw.slice(0, caret).replace(/\D/g, "").length;
  if (digits === 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    const c = masked.charAt(i);
    if (c >= "0" && c <= "9") seen += 1;
    if (seen === digits) return i + 1;
  }
  return masked.length;
}

export type EntryReading =
  | { status: "empty" }
  /** Not all the fields are there yet (or the year has fewer than four digits). */
  | { status: "incomplete" }
  /** Every field is there but the calendar or the clock lacks it (31/02, 25:00). */
  | { status: "invalid" }
  | { status: "ok"; wall: WallTime };

const DATE_RE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const DATE_TIME_RE = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/;

/** Reads masked text ("15/12/2026" or "15/12/2026 18:30") in the given order. */
export function readEntry(text: string, order: DateOrder, withTime: boolean): EntryReading {
  const trimmed = text.trim();
  if (trimmed === "") return { status: "empty" };
  const m = (withTime ? DATE_TIME_RE : DATE_RE).exec(trimmed);
  if (!m) return { status: "incomplete" };
  const [first, second, year] = [m[1], m[2], m[3]];
  const [day, month] = order === "dmy" ? [first, second] : [second, first];
  const wall = wallTimeFromDigits([year, month, day, m[4], m[5]]);
  return wall ? { status: "ok", wall } : { status: "invalid" };
}

const pad = (n: number, len = 2) => String(n).padStart(len, "0");

/** A wall-clock time as the operator types it: "15/12/2026" or "15/12/2026 18:30". */
export function formatEntry(w: WallTime, order: DateOrder, withTime: boolean): string {
  const date =
    order === "dmy"
      ? `${pad(w.day)}/${pad(w.month)}/${pad(w.year, 4)}`
      : `${pad(w.month)}/${pad(w.day)}/${pad(w.year, 4)}`;
  return withTime ? `${date} ${pad(w.hour)}:${pad(w.minute)}` : date;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-12-15" → its wall time at midnight; null when not a real day. */
export function wallOfDay(day: string | null | undefined): WallTime | null {
  const m = day ? DAY_RE.exec(day) : null;
  return m ? wallTimeFromDigits([m[1], m[2], m[3]]) : null;
}

/** "2026-12-15" → "15/12/2026" (or "12/15/2026"); "" for anything that is not a day. */
export function dayToEntry(day: string | null | undefined, order: DateOrder): string {
  const w = wallOfDay(day);
  return w ? formatEntry(w, order, false) : "";
}

/** An ISO instant → the wall-clock text in `timeZone` ("15/12/2026 18:30"); "" when unreadable. */
export function isoToEntry(iso: string | null | undefined, order: DateOrder, timeZone: string): string {
  const local = iso ? utcIsoToZonedLocal(iso, timeZone) : "";
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  const w = m ? wallTimeFromDigits(m.slice(1, 6)) : null;
  return w ? formatEntry(w, order, true) : "";
}

export type DateTimeReading =
  | { status: "empty" | "incomplete" | "invalid" }
  /** A wall time the zone skips (clocks jump forward): refused rather than moved an hour. */
  | { status: "skipped" }
  | { status: "ok"; iso: string };

/**
 * Masked date-time text read as a wall-clock time in `timeZone` → ISO UTC
 * ("2026-12-15T21:30:00Z" for 15/12/2026 18:30 in São Paulo), through the
 * zone helpers of ./date. A time that does not exist in the zone (a DST gap)
 * is reported, never shifted silently.
 */
export function readDateTimeEntry(text: string, order: DateOrder, timeZone: string): DateTimeReading {
  const reading = readEntry(text, order, true);
  if (reading.status !== "ok") return reading;
  const w = reading.wall;
  const local = `${wallDateText(w)}T${pad(w.hour)}:${pad(w.minute)}`;
  const iso = zonedLocalToUtcIso(local, timeZone);
  if (!iso) return { status: "invalid" };
  return utcIsoToZonedLocal(iso, timeZone) === local ? { status: "ok", iso } : { status: "skipped" };
}

export type DateReading = { status: "empty" | "incomplete" | "invalid" } | { status: "ok"; day: string };

/** Masked date text → the calendar day "2026-12-15". */
export function readDateEntry(text: string, order: DateOrder): DateReading {
  const reading = readEntry(text, order, false);
  return reading.status === "ok" ? { status: "ok", day: wallDateText(reading.wall) } : reading;
}
