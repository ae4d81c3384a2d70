import { timeZoneCity } from "@/lib/shared/format/date";
import { TIME_ZONE_OPTIONS } from "./config";
import type { Translate } from "./translate";

/** Human name of a zone: "Brasília / São Paulo" for the ones we list, the city otherwise ("Lisbon"). */
export function zoneLabel(timeZone: string, t: Translate): string {
  const known = TIME_ZONE_OPTIONS.find((option) => option.zone === timeZone);
  return known ? t(known.labelKey) : timeZoneCity(timeZone);
}
