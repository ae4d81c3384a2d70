import type { Locale } from "./config";
import { dictionaries } from "./dictionaries";
import { composeI18n, type I18nContextValue } from "./formatters";
import { messagesHave, translatorFor, type Translate } from "./translator";

export type { PluralKey, Translate, TranslationInput, TranslationVars } from "./translator";

/** True when the dictionary has this key (directly, or as a plural base). */
export function hasMessage(key: string, locale: Locale = "pt-BR"): boolean {
  return messagesHave(dictionaries[locale], key);
}

/** The raw dictionary entry, or undefined. */
export function lookupMessage(key: string, locale: Locale): string | undefined {
  const dict: Readonly<Record<string, string>> = dictionaries[locale];
  return dict[key];
}

/** `t()` over the built-in dictionary of `locale`, falling back to pt-BR (see translator.ts). */
export function createTranslator(locale: Locale): Translate {
  return translatorFor(locale, dictionaries[locale], dictionaries["pt-BR"]);
}

/** Everything a component needs to speak the operator's language and zone (server side: every dictionary is at hand). */
export function createI18n(locale: Locale, timeZone: string): I18nContextValue {
  return composeI18n(locale, timeZone, createTranslator(locale));
}
