"use client";

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import {
  DEFAULT_LOCALE,
  DEFAULT_TIME_ZONE,
  isLocale,
  LOCALE_COOKIE,
  PREFERENCE_COOKIE_MAX_AGE,
  TIME_ZONE_COOKIE,
} from "../shared/i18n/config";
import type { Locale } from "../shared/i18n/config";
import { isValidTimeZone } from "@/lib/shared/format/date";
import { composeI18n, type I18nContextValue } from "../shared/i18n/formatters";
import { messagesHave, translatorFor, type Messages } from "../shared/i18n/translator";
import { heldMessages, holdMessages, loadMessages } from "./i18n-messages";

export interface ClientI18n extends I18nContextValue {
  /** True when the active dictionary has this key (directly, or as a plural base). */
  has: (key: string) => boolean;
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
  /** The locale's dictionary, from the server (only the active one travels with the page). Without it, the one already held. */
  messages?: Messages;
  children: ReactNode;
}

function clientI18n(
  locale: Locale,
  timeZone: string,
  messages: Messages,
): Omit<ClientI18n, "setLocale" | "setTimeZone"> {
  return {
    ...composeI18n(locale, timeZone, translatorFor(locale, messages)),
    has: (key) => messagesHave(messages, key),
  };
}

export function I18nProvider({
  locale: initialLocale = DEFAULT_LOCALE,
  timeZone: initialTimeZone = DEFAULT_TIME_ZONE,
  messages: initialMessages,
  children,
}: I18nProviderProps) {
  const [active, setActive] = useState<{ locale: Locale; messages: Messages }>(() => {
    if (initialMessages) holdMessages(initialLocale, initialMessages);
    return { locale: initialLocale, messages: initialMessages ?? heldMessages(initialLocale) ?? {} };
  });
  const [timeZone, setTimeZoneState] = useState<string>(initialTimeZone);
  const requested = useRef<Locale>(initialLocale);

  const setLocale = useCallback((next: Locale) => {
    if (!isLocale(next)) return;
    writeCookie(LOCALE_COOKIE, next);
    if (typeof document !== "undefined") document.documentElement.lang = next;
    requested.current = next;
    const held = heldMessages(next);
    if (held) {
      setActive({ locale: next, messages: held });
      return;
    }
    void loadMessages(next).then((messages) => {
      // A later switch wins over a slower earlier one.
      if (requested.current === next) setActive({ locale: next, messages });
    });
  }, []);

  const setTimeZone = useCallback((next: string) => {
    if (!isValidTimeZone(next)) return;
    writeCookie(TIME_ZONE_COOKIE, next);
    setTimeZoneState(next);
  }, []);

  const value = useMemo<ClientI18n>(
    () => ({ ...clientI18n(active.locale, timeZone, active.messages), setLocale, setTimeZone }),
    [active, timeZone, setLocale, setTimeZone],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

let fallback: ClientI18n | null = null;

/**
 * `t`, `locale`, `setLocale`, `timeZone`, `setTimeZone` and the formatters
 * (`formatMoney`, `formatDate`, `formatDateTime`, `formatRelative`, `timeZoneName`).
 * Outside a provider (isolated tests) it answers in pt-BR / São Paulo, with the pt-BR messages held (tests/helpers/dom-setup.ts).
 */
export function useI18n(): ClientI18n {
  const ctx = useContext(I18nContext);
  if (ctx) return ctx;
  fallback ??= {
    ...clientI18n(DEFAULT_LOCALE, DEFAULT_TIME_ZONE, heldMessages(DEFAULT_LOCALE) ?? {}),
    setLocale: () => undefined,
    setTimeZone: () => undefined,
  };
  return fallback;
}
