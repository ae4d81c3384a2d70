import { offsetAt } from "./zone-days";

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
  const offsets = new Set(instants.map((ms) => offsetAt(zone, ms)));
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
