import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "@/lib/shared/format/date";

/** Locales the dashboard speaks. pt-BR is the default. */
export const LOCALES = ["pt-BR", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "pt-BR";

/** Cookies remembering the operator's choices (readable by the server for the first paint). */
export const LOCALE_COOKIE = "locale";
export const TIME_ZONE_COOKIE = "tz";
/** One year. */
export const PREFERENCE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export { DEFAULT_TIME_ZONE };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Cookie value → a supported locale; "en-US"/"en" → "en", "pt"/"pt-BR" → "pt-BR", anything else → default. */
export function resolveLocale(value: string | null | undefined): Locale {
  if (!value) return DEFAULT_LOCALE;
  if (isLocale(value)) return value;
  const lower = value.toLowerCase();
  if (lower.startsWith("en")) return "en";
  if (lower.startsWith("pt")) return "pt-BR";
  return DEFAULT_LOCALE;
}

/** Cookie value → its canonical IANA zone (see canonicalTimeZone), falling back to São Paulo. */
export function resolveTimeZone(value: string | null | undefined): string {
  return canonicalTimeZone(value) ?? DEFAULT_TIME_ZONE;
}

/** The Intl locale used for numbers and dates. */
export function intlLocale(locale: Locale): string {
  return locale === "en" ? "en-US" : "pt-BR";
}

/**
 * Zones offered in the time-zone switch: Brazil's zones (east to west) and UTC.
 * The operator's browser zone is offered too when it is not one of these.
 */
export const TIME_ZONE_OPTIONS: ReadonlyArray<{ zone: string; labelKey: string }> = [
  { zone: "America/Noronha", labelKey: "timeZone.noronha" },
  { zone: "America/Sao_Paulo", labelKey: "timeZone.saoPaulo" },
  { zone: "America/Bahia", labelKey: "timeZone.bahia" },
  { zone: "America/Fortaleza", labelKey: "timeZone.fortaleza" },
  { zone: "America/Manaus", labelKey: "timeZone.manaus" },
  { zone: "America/Cuiaba", labelKey: "timeZone.cuiaba" },
  { zone: "America/Porto_Velho", labelKey: "timeZone.portoVelho" },
  { zone: "America/Rio_Branco", labelKey: "timeZone.rioBranco" },
  { zone: "UTC", labelKey: "timeZone.utc" },
];
