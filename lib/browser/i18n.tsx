"use client";

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, isLocale, LOCALE_COOKIE, PREFERENCE_COOKIE_MAX_AGE, TIME_ZONE_COOKIE } from "../shared/i18n/config";
import type { Locale } from "../shared/i18n/config";
import { isValidTimeZone } from "@/lib/shared/format/date";
import { createI18n, type I18nContextValue } from "../shared/i18n/formatters";

export interface ClientI18n extends I18nContextValue {
  /** Switches the language now and remembers it in the `locale` cookie. Call `router.refresh()` after to re-render Server Components. */
  setLocale: (locale: Locale) => void;
  /** Switches the display zone now and remembers it in the `tz` cookie. */
  setTimeZone: (timeZone: string) => void;
}

const I18nContext = createContext<ClientI18n | null>(null);

function writeCookie(name: string, value: string): void {
  if (typeof document === "undefined") return;
  const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${PREFERENCE_COOKIE_MAX_AGE}; samesite=lax${secure}`;
}

export interface I18nProviderProps {
  /** From the server (root layout reads the cookies), so the first paint is already right. */
  locale?: Locale;
  timeZone?: string;
  children: ReactNode;
}

export function I18nProvider({ locale: initialLocale = DEFAULT_LOCALE, timeZone: initialTimeZone = DEFAULT_TIME_ZONE, children }: I18nProviderProps) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const [timeZone, setTimeZoneState] = useState<string>(initialTimeZone);

  const setLocale = useCallback((next: Locale) => {
    if (!isLocale(next)) return;
    writeCookie(LOCALE_COOKIE, next);
    if (typeof document !== "undefined") document.documentElement.lang = next;
    setLocaleState(next);
  }, []);

  const setTimeZone = useCallback((next: string) => {
    if (!isValidTimeZone(next)) return;
    writeCookie(TIME_ZONE_COOKIE, next);
    setTimeZoneState(next);
  }, []);

  const value = useMemo<ClientI18n>(() => ({ ...createI18n(locale, timeZone), setLocale, setTimeZone }), [locale, timeZone, setLocale, setTimeZone]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

let fallback: ClientI18n | null = null;

/**
 * `t`, `locale`, `setLocale`, `timeZone`, `setTimeZone` and the formatters
 * (`formatMoney`, `formatDate`, `formatDateTime`, `formatRelative`, `timeZoneName`).
 * Outside a provider (isolated tests) it answers in pt-BR / São Paulo.
 */
export function useI18n(): ClientI18n {
  const ctx = useContext(I18nContext);
  if (ctx) return ctx;
  fallback ??= { ...createI18n(DEFAULT_LOCALE, DEFAULT_TIME_ZONE), setLocale: () => undefined, setTimeZone: () => undefined };
  return fallback;
}
