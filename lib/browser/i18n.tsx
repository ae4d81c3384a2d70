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
import { groupsCover, isNamespacedKey } from "../shared/i18n/message-groups";
import { messagesHave, translatorFor, type Messages, type Translate } from "../shared/i18n/translator";
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

/** The messages at hand where a component renders: a page's groups on top of the root layout's. */
interface HeldMessages {
  locale: Locale;
  messages: Messages;
  /** The groups these are (lib/shared/i18n/message-groups.ts), or null for a whole dictionary. */
  groups: readonly string[] | null;
}

const MessagesContext = createContext<HeldMessages | null>(null);

function writeCookie(name: string, value: string): void {
  if (typeof document === "undefined") return;
  const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${PREFERENCE_COOKIE_MAX_AGE}; samesite=lax${secure}`;
}

export interface I18nProviderProps {
  /** From the server (root layout reads the cookies), so the first paint is already right. */
  locale?: Locale;
  timeZone?: string;
  /** The locale's messages, from the server (only the active locale's travel with the page). Without them, the dictionary already held. */
  messages?: Messages;
  /** The groups `messages` holds (the root layout sends some; a page's `withMessages` adds its own). Without them, a whole dictionary. */
  groups?: readonly string[];
  children: ReactNode;
}

const reported = new Set<string>();

/**
 * A key of a group the page was not sent would show as the key itself: said once as a console error (which fails
 * any Playwright journey that meets it), the way a missing translation would be caught.
 */
function reportUnsent(groups: readonly string[], key: string): void {
  if (!isNamespacedKey(key) || groupsCover(groups, key) || reported.has(key)) return;
  reported.add(key);
  console.error(
    `i18n: "${key}" is not among the messages this page was sent (${groups.join(", ")}); add its group to the page's withMessages.`,
  );
}

function clientI18n(
  timeZone: string,
  { locale, messages, groups }: HeldMessages,
): Omit<ClientI18n, "setLocale" | "setTimeZone"> {
  const translate = translatorFor(locale, messages);
  if (groups === null)
    return { ...composeI18n(locale, timeZone, translate), has: (key) => messagesHave(messages, key) };
  const t: Translate = (key, vars) => {
    if (typeof key === "string") reportUnsent(groups, key);
    return translate(key, vars);
  };
  return {
    ...composeI18n(locale, timeZone, t),
    has: (key) => {
      reportUnsent(groups, key);
      return messagesHave(messages, key);
    },
  };
}

export function I18nProvider({
  locale: initialLocale = DEFAULT_LOCALE,
  timeZone: initialTimeZone = DEFAULT_TIME_ZONE,
  messages: initialMessages,
  groups: initialGroups,
  children,
}: I18nProviderProps) {
  const [active, setActive] = useState<HeldMessages>(() => {
    if (!initialMessages) return { locale: initialLocale, messages: heldMessages(initialLocale) ?? {}, groups: null };
    // Only whole dictionaries are held for a later switch back to this language.
    if (!initialGroups) holdMessages(initialLocale, initialMessages);
    return { locale: initialLocale, messages: initialMessages, groups: initialGroups ?? null };
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
      setActive({ locale: next, messages: held, groups: null });
      return;
    }
    void loadMessages(next).then(
      (messages) => {
        // A later switch wins over a slower earlier one.
        if (requested.current === next) setActive({ locale: next, messages, groups: null });
      },
      () => {
        // The dictionary's chunk did not arrive (offline, a new deployment): the server draws the page in the new language.
        if (requested.current === next) window.location.reload();
      },
    );
  }, []);

  const setTimeZone = useCallback((next: string) => {
    if (!isValidTimeZone(next)) return;
    writeCookie(TIME_ZONE_COOKIE, next);
    setTimeZoneState(next);
  }, []);

  return (
    <I18nContexts held={active} timeZone={timeZone} setLocale={setLocale} setTimeZone={setTimeZone}>
      {children}
    </I18nContexts>
  );
}

const ignore = () => undefined;

/** Both contexts for what is at hand: the messages (for a nested scope to add to) and `useI18n()`'s value. */
function I18nContexts({
  held,
  timeZone,
  setLocale = ignore,
  setTimeZone = ignore,
  children,
}: {
  held: HeldMessages;
  timeZone: string;
  setLocale?: ClientI18n["setLocale"];
  setTimeZone?: ClientI18n["setTimeZone"];
  children: ReactNode;
}) {
  const value = useMemo<ClientI18n>(
    () => ({ ...clientI18n(timeZone, held), setLocale, setTimeZone }),
    [held, timeZone, setLocale, setTimeZone],
  );
  return (
    <MessagesContext.Provider value={held}>
      <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
    </MessagesContext.Provider>
  );
}

export interface MessagesScopeProps {
  locale: Locale;
  /** The groups `messages` holds. */
  groups: readonly string[];
  messages: Messages;
  children: ReactNode;
}

/**
 * Adds a layout's or page's own message groups to those around it (app/_i18n/messages.tsx renders it). After a
 * switch of language in the browser the provider holds the new language's whole dictionary, and the page's groups
 * (perhaps still in the old language, until the server draws the page again) are left out.
 */
export function MessagesScope({ locale, groups, messages, children }: MessagesScopeProps) {
  const outer = useContext(MessagesContext);
  const outerI18n = useContext(I18nContext);
  const held = useMemo<HeldMessages>(() => {
    if (!outer) return { locale, messages, groups };
    // A whole dictionary (loaded by a switch of language in the browser) has every key, in the language now chosen.
    if (outer.groups === null) return outer;
    // The page's groups stay even when the server has drawn it in the new language before that dictionary arrived.
    return { locale: outer.locale, messages: { ...outer.messages, ...messages }, groups: [...outer.groups, ...groups] };
  }, [outer, locale, messages, groups]);
  return (
    <I18nContexts
      held={held}
      timeZone={outerI18n?.timeZone ?? DEFAULT_TIME_ZONE}
      setLocale={outerI18n?.setLocale}
      setTimeZone={outerI18n?.setTimeZone}
    >
      {children}
    </I18nContexts>
  );
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
    ...clientI18n(DEFAULT_TIME_ZONE, {
      locale: DEFAULT_LOCALE,
      messages: heldMessages(DEFAULT_LOCALE) ?? {},
      groups: null,
    }),
    setLocale: ignore,
    setTimeZone: ignore,
  };
  return fallback;
}
