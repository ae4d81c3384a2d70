import { intlLocale, type Locale } from "./config";
import type { MessageKey } from "./dictionaries/pt-BR";

/**
 * `t()` over a dictionary it is given, so browser code can translate without bundling every locale's
 * messages (lib/browser/i18n.tsx gets only the active one from the server). translate.ts binds it to the
 * built-in dictionaries for the server and tests.
 */

/** Keys that have `.one`/`.other` plural forms, usable as `t("table.rows", { count })`. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}.other` ? Base : never) : never;

/**
 * Anything `t()` accepts: a known key (autocompleted) or any string. Unknown
 * strings are returned as they are, so messages that come from the API (its
 * own text) pass through untouched while our `validation.*` keys get translated.
 */
export type TranslationInput = MessageKey | PluralKey | (string & {});
export type TranslationVars = Readonly<Record<string, string | number | null | undefined>>;
export type Translate = (key: TranslationInput, vars?: TranslationVars) => string;
export type Messages = Readonly<Record<string, string>>;

const pluralRulesCache = new Map<string, Intl.PluralRules>();
const numberCache = new Map<string, Intl.NumberFormat>();

function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  // CLDR files zero under "one" for Portuguese, but Brazilian usage says "0 resultados" (a key's own `.zero` first).
  if (count === 0) return "zero";
  let rules = pluralRulesCache.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(intlLocale(locale));
    pluralRulesCache.set(locale, rules);
  }
  return rules.select(count);
}

function formatVar(locale: Locale, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    let formatter = numberCache.get(locale);
    if (!formatter) {
      formatter = new Intl.NumberFormat(intlLocale(locale));
      numberCache.set(locale, formatter);
    }
    return formatter.format(value);
  }
  return value;
}

function interpolate(template: string, locale: Locale, vars: TranslationVars | undefined): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in vars ? formatVar(locale, vars[name]) : match,
  );
}

/** True when the messages have this key (directly, or as a plural base). */
export function messagesHave(messages: Messages, key: string): boolean {
  return key in messages || `${key}.other` in messages;
}

/**
 * Builds `t(key, vars)` over `messages`. Resolution: plural form when `vars.count`
 * is a number and `key.<category>` exists (`key.zero` for 0 when a key has it, else `key.other`) → the key itself → the `fallback` entry →
 * the raw input (so unknown keys and API messages are shown as they came).
 */
export function translatorFor(locale: Locale, messages: Messages, fallback: Messages = messages): Translate {
  return (key, vars) => {
    if (typeof key !== "string") return "";
    const count = vars?.count;
    if (typeof count === "number") {
      const category = pluralCategory(locale, count);
      // "zero" is a key's own wording for none ("nenhum repasse"), when it has one; else its "other".
      const plural = messages[`${key}.${category}`] ?? messages[`${key}.other`];
      if (plural !== undefined) return interpolate(plural, locale, vars);
    }
    const message = messages[key] ?? fallback[key];
    return interpolate(message ?? key, locale, vars);
  };
}
