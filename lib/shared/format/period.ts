import { utcMs, wallTimeIn } from "./date";

function offsetMinutes(zone: string, ms: number): number {
  const w = wallTimeIn(zone, ms);
  return Math.round(
    (utcMs(w.year, w.month, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000) / 60_000,
  );
}

/**
 * How to write the ends of a period of instants (start included, end excluded) so the text is exact: the date and
 * the time to the minute, to the second when an end is not on a whole minute (the last hour ends at now), and with
 * the UTC offset when the two ends' offsets differ (a period across the end of daylight saving time, whose clock
 * times come round twice, would otherwise read "23:30 until before 23:30").
 */
export function periodEndsFormat(
  ends: readonly (string | null | undefined)[],
  zone: string,
): Intl.DateTimeFormatOptions {
  const instants = ends.flatMap((end) => {
    const ms = end ? Date.parse(end) : Number.NaN;
    return Number.isFinite(ms) ? [ms] : [];
  });
  const seconds = instants.some((ms) => ms % 60_000 !== 0);
  const offsets = new Set(instants.map((ms) => offsetMinutes(zone, ms)));
  return {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    ...(seconds ? { second: "2-digit" } : {}),
    ...(offsets.size > 1 ? { timeZoneName: "shortOffset" } : {}),
  };
}
