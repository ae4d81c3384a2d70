import type { Locale } from "../shared/i18n/config";
import type { Messages } from "../shared/i18n/translator";

/**
 * The whole dictionaries the browser holds. A page comes with only the message groups it reads (the root layout's
 * and its own, lib/shared/i18n/message-groups.ts); a language the operator switches to is fetched whole, as its own
 * chunk, and held here for a switch back.
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
