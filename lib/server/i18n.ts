import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { LOCALE_COOKIE, resolveLocale, resolveTimeZone, TIME_ZONE_COOKIE } from "../shared/i18n/config";
import type { I18nContextValue } from "../shared/i18n/formatters";
import { createI18n } from "../shared/i18n/translate";

/**
 * The operator's locale and time zone for Server Components, read from the
 * `locale` and `tz` cookies (pt-BR and America/Sao_Paulo by default). Same
 * helpers as `useI18n()` on the client. Memoised per request.
 */
export const getI18n = cache(async (): Promise<I18nContextValue> => {
  const store = await cookies();
  const locale = resolveLocale(store.get(LOCALE_COOKIE)?.value);
  const timeZone = resolveTimeZone(store.get(TIME_ZONE_COOKIE)?.value);
  return createI18n(locale, timeZone);
});
