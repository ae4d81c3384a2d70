import type { MessageKey } from "./dictionaries/pt-BR";
import type { Messages } from "./translator";

/**
 * A page sends the browser only the messages its code can read, in groups: a namespace ("payouts", a key's first
 * segment) or any longer prefix ("payouts.attention"). The root layout sends the groups every page needs
 * (ROOT_MESSAGE_GROUPS); a layout or page adds its own with `withMessages([…], Page)` (app/_i18n/messages.tsx).
 * tests/components/page-messages.test.ts walks each route's imports and fails when its code can read a key that no
 * group around it sends; in the browser, `t()` reports such a key as a console error.
 */

/** A key's first segment: "payouts" of "payouts.review.fee". */
export type MessageNamespace = MessageKey extends `${infer Namespace}.${string}` ? Namespace : never;

/** A namespace, or a longer prefix of keys within one. */
export type MessageGroup = MessageNamespace | `${MessageNamespace}.${string}`;

/** Every namespace of the dictionaries (the browser cannot read them off a dictionary it does not hold). */
export const MESSAGE_NAMESPACES = [
  "account",
  "activity",
  "app",
  "batch",
  "batches",
  "chargebacks",
  "common",
  "errors",
  "export",
  "fieldErrors",
  "form",
  "insights",
  "invite",
  "language",
  "login",
  "members",
  "nav",
  "overview",
  "paymentLinks",
  "payouts",
  "pixKey",
  "receipt",
  "role",
  "settings",
  "setup",
  "shell",
  "status",
  "subaccounts",
  "table",
  "theme",
  "timeZone",
  "validation",
] as const satisfies readonly MessageNamespace[];

/**
 * Sent with every page by the root layout: what the root layout, its error and not-found pages, the loading
 * skeletons and the shared parts (forms, tables, error panels, the schemas' messages) read, and the field errors a
 * route handler may send back to any form.
 */
export const ROOT_MESSAGE_GROUPS = [
  "app",
  "batch",
  "common",
  "errors",
  "export",
  "fieldErrors",
  "form",
  "language",
  "nav",
  "pixKey",
  "role",
  "shell",
  "status",
  "table",
  "theme",
  "timeZone",
  "validation",
] as const satisfies readonly MessageGroup[];

const NAMESPACES: ReadonlySet<string> = new Set(MESSAGE_NAMESPACES);

/** True when `key` belongs to one of `groups`. */
export function groupsCover(groups: readonly string[], key: string): boolean {
  return groups.some((group) => key === group || key.startsWith(`${group}.`));
}

/** True when `key` is named like a dictionary key (its first segment is a namespace), not an API's own text. */
export function isNamespacedKey(key: string): boolean {
  const dot = key.indexOf(".");
  return dot > 0 && NAMESPACES.has(key.slice(0, dot));
}

/** The messages of `groups` only. */
export function pickMessages(messages: Messages, groups: readonly string[]): Messages {
  const picked: Record<string, string> = {};
  for (const [key, message] of Object.entries(messages)) if (groupsCover(groups, key)) picked[key] = message;
  return picked;
}
