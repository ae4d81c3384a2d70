import { timeZoneCity, timeZoneShortName } from "@/lib/shared/format/date";
import { TIME_ZONE_OPTIONS } from "./config";
import type { Translate } from "./translate";

/** Human name of a zone: "Brasília / São Paulo" for the ones we list, the city otherwise ("Lisbon"). */
export function zoneLabel(timeZone: string, t: Translate): string {
  const known = TIME_ZONE_OPTIONS.find((option) => option.zone === timeZone);
  return known ? t(known.labelKey) : timeZoneCity(timeZone);
}

/** The zone with its short name, as pages and notices name it: "Brasília / São Paulo (BRT)". */
export function zoneLabelWithShortName(timeZone: string, t: Translate, shortName: string): string {
  return `${zoneLabel(timeZone, t)} (${shortName})`;
}

/** A zone other than the reader's own (the business's, in a window it was read in), named the same way. */
export function zoneText(timeZone: string, t: Translate, intlLocale: string): string {
  return zoneLabelWithShortName(timeZone, t, timeZoneShortName(timeZone, intlLocale));
}
