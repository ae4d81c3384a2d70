import type { Locale } from "../config";
import { en } from "./en";
import { ptBR, type MessageKey } from "./pt-BR";

export type { MessageKey };
export type Dictionary = Readonly<Record<MessageKey, string>>;

export const dictionaries: Readonly<Record<Locale, Dictionary>> = {
  "pt-BR": ptBR,
  en,
};
