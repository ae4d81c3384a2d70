import type { Locale } from "../shared/i18n/config";
import type { Messages } from "../shared/i18n/translator";

/**
 * The message dictionaries the browser holds. The root layout hands the active locale's dictionary to
 * I18nProvider (so only that one travels with the page); another locale is fetched as its own chunk when
 * the operator switches to it.
 */
const held = new Map<Locale, Messages>();

const loaders: Readonly<Record<Locale, () => Promise<Messages>>> = {
  "pt-BR": () => import("../shared/i18n/dictionaries/pt-BR").then((module) => module.ptBR),
  en: () => import("../shared/i18n/dictionaries/en").then((module) => module.en),
};

export function holdMessages(locale: Locale, messages: Messages): void {
  held.set(locale, messages);
}

export function heldMessages(locale: Locale): Messages | undefined {
  return held.get(locale);
}

export async function loadMessages(locale: Locale): Promise<Messages> {
  const messages = held.get(locale) ?? (await loaders[locale]());
  held.set(locale, messages);
  return messages;
}
