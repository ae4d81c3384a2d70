import { addDays } from "@/lib/shared/insights/window";
import { dayLocalMs } from "@/lib/shared/format/zone-days";

/** The Monday of the week `day` ("2026-11-27") is in: weeks start on Monday, as the insights' week buckets do. */
export function mondayOf(day: string): string {
  const weekday = new Date(dayLocalMs(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}
