import {
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  formatRelative as formatRelativeIn,
  timeZoneShortName,
  type DateFormatOptions,
  type DateInput,
} from "@/lib/shared/format/date";
import { formatMoney as formatMoneyIn, formatNumber as formatNumberIn } from "@/lib/shared/format/number";
import { intlLocale, type Locale } from "./config";
import type { Translate } from "./translator";

export interface Formatters {
  /** Integer centavos → "R$ 1.234,56" (pt-BR) / "R$1,234.56" (en). Empty string for null. */
  formatMoney: (centavos: number | null | undefined) => string;
  /** Counts: "10.000" / "10,000". */
  formatNumber: (value: number | null | undefined, options?: Intl.NumberFormatOptions) => string;
  /** Date only, in the operator's zone ("22 de nov. de 2026"). */
  formatDate: (value: DateInput, options?: DateFormatOptions) => string;
  /** Date and time in the operator's zone ("22/11/2026 14:05"); `{ withZone: true }` adds "BRT". */
  formatDateTime: (value: DateInput, options?: DateFormatOptions) => string;
  /** "em 3 h" / "in 3 hr." relative to now (or `now`). */
  formatRelative: (value: DateInput, now?: Date | number) => string;
  /** Short name of the operator's zone at an instant: "BRT", "GMT-4", "UTC". */
  timeZoneName: (at?: DateInput) => string;
}

export interface I18nContextValue extends Formatters {
  locale: Locale;
  /** The Intl locale for custom formatting ("pt-BR" / "en-US"). */
  intlLocale: string;
  timeZone: string;
  t: Translate;
}

export function createFormatters(locale: Locale, timeZone: string): Formatters {
  const il = intlLocale(locale);
  return {
    formatMoney: (centavos) => formatMoneyIn(centavos, il),
    formatNumber: (value, options) => formatNumberIn(value, il, options),
    formatDate: (value, options) => formatDateIn(value, il, timeZone, options),
    formatDateTime: (value, options) => formatDateTimeIn(value, il, timeZone, options),
    formatRelative: (value, now) => formatRelativeIn(value, il, now),
    timeZoneName: (at) => timeZoneShortName(timeZone, il, at ?? Date.now()),
  };
}

/** Everything a component needs to speak the operator's language and zone, given its `t()`. */
export function composeI18n(locale: Locale, timeZone: string, t: Translate): I18nContextValue {
  return { locale, intlLocale: intlLocale(locale), timeZone, t, ...createFormatters(locale, timeZone) };
}
