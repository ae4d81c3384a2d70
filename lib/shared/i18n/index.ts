/**
 * Isomorphic i18n entry point (no React, no cookies). Client components use
 * `useI18n()` from "@/lib/browser/i18n"; Server Components use `getI18n()` from
 * "@/lib/server/i18n".
 */
export * from "./config";
export {
  createI18n,
  createTranslator,
  hasMessage,
  lookupMessage,
  type Translate,
  type TranslationInput,
  type TranslationVars,
  type PluralKey,
} from "./translate";
export { composeI18n, createFormatters, type Formatters, type I18nContextValue } from "./formatters";
export { dictionaries, type Dictionary, type MessageKey } from "./dictionaries";
