import { z } from "zod/mini";
import { urlOptional, urlText } from "@/lib/browser/url-fields";
import type { ExportSheet } from "@/lib/shared/export";
import { isoToMs } from "@/lib/shared/format/date";
import { jsonText } from "@/lib/shared/format/text";
import { dateWindowIso } from "@/lib/shared/format/date-window";
import type { ActivityFilters } from "@/lib/browser/query/activity";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import { isFilterDay } from "@/lib/shared/schemas/dates";
import { matchesAllTerms, normalizeForSearch, searchTerms } from "@/lib/shared/search";

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The audit log's filters in the URL. Dates are calendar days in the operator's zone. */
export const activityUrlSchema = z.object({
  actor: urlText(80),
  action: urlText(60),
  from: urlOptional(z.regex(DATE_RE)),
  to: urlOptional(z.regex(DATE_RE)),
  /** Search within the loaded entries (ids, names, targets, errors). */
  q: urlText(200),
  /** "" = the log's own order, newest first. */
  sort: urlText(80),
});
export type ActivityUrlState = z.output<typeof activityUrlSchema>;

/** The entry open in the side panel (`?entry=`); opening it is a history entry. */
export const activitySelectionSchema = z.object({
  entry: urlOptional(z.maxLength(40)),
});

/**
 * URL state → the BFF's query: days in the zone become instants, `to` is the start of the next day (exclusive).
 * A day outside the filters' range is not sent (the date inputs say why beside them): it is what a half-typed
 * year looks like ("0002", "0020"…), and the BFF would refuse it.
 */
export function toApiFilters(state: ActivityUrlState, timeZone: string): ActivityFilters {
  const filters: ActivityFilters = {};
  const actor = state.actor.trim();
  if (actor) filters.actor = actor;
  if (state.action) filters.action = state.action;
  const { start, end } = dateWindowIso(filterDay(state.from), filterDay(state.to), timeZone);
  if (start) filters.from = start;
  if (end) filters.to = end;
  return filters;
}

function filterDay(day: string | undefined): string | undefined {
  return day && isFilterDay(day) ? day : undefined;
}

/** Where an entry's target lives in the dashboard, when it has a page. */
export function targetHref(entry: Pick<ActivityEntry, "target_type" | "target_id">): string | null {
  const id = entry.target_id;
  if (!id) return null;
  const safe = encodeURIComponent(id);
  switch (entry.target_type) {
    case "payout":
      return `/payouts/${safe}`;
    case "subaccount":
      return `/subaccounts/${safe}`;
    case "payment_link":
      return `/payment-links?id=${safe}`;
    case "member":
    case "invitation":
      return "/members";
    default:
      return null;
  }
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** The field was in the "before" snapshot / in the "after" snapshot. */
  inBefore: boolean;
  inAfter: boolean;
  changed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/**
 * Before → after, field by field: the after snapshot's fields in order, then
 * fields only in before. A snapshot that is not an object is one field, "value".
 */
export function diffSnapshots(before: unknown, after: unknown): FieldChange[] {
  if (before === null && after === null) return [];
  const b = isRecord(before) ? before : before === null || before === undefined ? {} : { value: before };
  const a = isRecord(after) ? after : after === null || after === undefined ? {} : { value: after };
  const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
  return keys.map((field) => {
    const inBefore = field in b;
    const inAfter = field in a;
    const changed = before === null || after === null ? true : !(inBefore && inAfter && sameValue(b[field], a[field]));
    return { field, before: b[field], after: a[field], inBefore, inAfter, changed };
  });
}

/**
 * The export of these entries (a CSV or an .xlsx, lib/shared/export): id, time in the operator's zone, who (name,
 * e-mail, role in words), the action and target in words, outcome, error, request and idempotency ids, and the
 * raw snapshots as JSON.
 */
export const ACTIVITY_SHEET: ExportSheet<ActivityEntry> = {
  file: "activity",
  title: "nav.activity",
  columns: [
    { kind: "text", header: "activity.field.entryId", value: (e) => e.id },
    { kind: "dateTime", header: "activity.field.when", value: (e) => e.occurred_at },
    { kind: "text", header: "activity.field.who", value: (e) => e.actor.name },
    { kind: "text", header: "activity.field.email", value: (e) => e.actor.email },
    {
      kind: "enum",
      header: "activity.export.role",
      labels: (role) => (role === "system" ? "activity.role.system" : `role.${role}`),
      value: (e) => e.actor.role,
    },
    { kind: "enum", header: "activity.field.what", labels: "activity.action.", value: (e) => e.action },
    { kind: "enum", header: "activity.export.targetType", labels: "activity.target.", value: (e) => e.target_type },
    { kind: "text", header: "activity.field.targetId", value: (e) => e.target_id },
    { kind: "enum", header: "activity.field.outcome", labels: "activity.outcome.", value: (e) => e.outcome },
    { kind: "text", header: "activity.export.errorCode", value: (e) => e.error?.code },
    { kind: "text", header: "activity.export.errorMessage", value: (e) => e.error?.message },
    { kind: "text", header: "activity.export.requestId", value: (e) => e.request_id },
    { kind: "text", header: "activity.field.idempotencyKey", value: (e) => e.idempotency_key },
    { kind: "text", header: "activity.column.before", value: (e) => jsonText(e.before) },
    { kind: "text", header: "activity.column.after", value: (e) => jsonText(e.after) },
  ],
};

/** What the search box looks through: who, what (code and label), target, outcome, error, request and idempotency ids. */
export function activitySearchText(entry: ActivityEntry, actionLabel: string): string {
  return normalizeForSearch(
    [
      entry.id,
      entry.actor.name,
      entry.actor.role,
      entry.action,
      actionLabel,
      entry.target_type,
      entry.target_id,
      entry.outcome,
      entry.error?.code,
      entry.error?.message,
      entry.request_id,
      entry.idempotency_key,
    ]
      .filter(Boolean)
      .join(" "),
  );
}

export function searchEntries(
  entries: readonly ActivityEntry[],
  q: string,
  haystack: (entry: ActivityEntry) => string,
): ActivityEntry[] {
  const terms = searchTerms(q);
  if (terms.length === 0) return [...entries];
  return entries.filter((entry) => matchesAllTerms(haystack(entry), terms));
}

export const ACTIVITY_SORTABLE = ["occurred_at", "actor", "action", "outcome"] as const;

const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/** Sorts a copy; no sort (or an unknown column) keeps the log's order (newest first). Ties keep it too. */
export function sortEntries(
  entries: readonly ActivityEntry[],
  sort: ReadonlyArray<{ id: string; desc: boolean }>,
  actionLabel: (action: string) => string,
): ActivityEntry[] {
  const spec = sort[0];
  if (!spec || !(ACTIVITY_SORTABLE as readonly string[]).includes(spec.id)) return [...entries];
  const key = (e: ActivityEntry): string | number => {
    switch (spec.id) {
      case "occurred_at":
        return isoToMs(e.occurred_at) ?? 0;
      case "actor":
        return e.actor.name;
      case "action":
        return actionLabel(e.action);
      default:
        return e.outcome;
    }
  };
  return entries
    .map((entry, index) => ({ entry, index, k: key(entry) }))
    .sort((a, b) => {
      const cmp =
        typeof a.k === "number" && typeof b.k === "number" ? a.k - b.k : collator.compare(String(a.k), String(b.k));
      return (spec.desc ? -cmp : cmp) || a.index - b.index;
    })
    .map((x) => x.entry);
}

/**
 * How the actor is named beside their name: their e-mail for a person (entries since personal accounts), nothing
 * for the server's own work, and "typed" for an entry written before personal accounts (a name typed at sign-in).
 */
export function actorIdentity(
  actor: ActivityEntry["actor"],
): { kind: "person"; email: string } | { kind: "system" } | { kind: "typed" } {
  if (actor.member_id) return { kind: "person", email: actor.email ?? "" };
  if (actor.role === "system") return { kind: "system" };
  return { kind: "typed" };
}
