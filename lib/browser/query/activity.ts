import { infiniteQueryOptions } from "@tanstack/react-query";
import { bffFetch } from "@/lib/browser/bff-client/client";
import { activityPageSchema, AUDIT_ACTIONS, type ActivityEntry } from "@/lib/shared/schemas/activity";

/** Actions the audit log records (the same list the ledger uses). */
export const ACTIVITY_ACTIONS = AUDIT_ACTIONS;

/** What GET /api/activity filters by. `from` / `to` are ISO instants (`to` exclusive). */
export interface ActivityFilters {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** Entries per "load more". */
export const ACTIVITY_PAGE_SIZE = 100;
/** The most entries a CSV export fetches. */
export const ACTIVITY_EXPORT_LIMIT = 10_000;

export const activityKeys = {
  all: ["activity"] as const,
  lists: () => [...activityKeys.all, "list"] as const,
  list: (filters: ActivityFilters) => [...activityKeys.lists(), normalize(filters)] as const,
};

/** Drops empty values so `{}` and `{ actor: "" }` share one cache entry. */
function normalize(filters: ActivityFilters): ActivityFilters {
  const out: ActivityFilters = {};
  if (filters.actor) out.actor = filters.actor;
  if (filters.action) out.action = filters.action;
  if (filters.from) out.from = filters.from;
  if (filters.to) out.to = filters.to;
  return out;
}

function fetchPage(filters: ActivityFilters, cursor: string | null, limit: number, signal?: AbortSignal) {
  const f = normalize(filters);
  return bffFetch("/api/activity", {
    query: { actor: f.actor, action: f.action, from: f.from, to: f.to, limit, cursor },
    schema: activityPageSchema,
    signal,
  });
}

/** GET /api/activity, newest first, one page at a time ("load more" follows `next_cursor`). Operators only. */
export function activityQuery(filters: ActivityFilters) {
  return infiniteQueryOptions({
    queryKey: activityKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchPage(filters, pageParam, ACTIVITY_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/**
 * Every entry matching the filters, page by page (1,000 at a time), up to
 * `max`. `truncated` says more matched than were fetched.
 */
export async function fetchAllActivity(
  filters: ActivityFilters,
  options: { max?: number; signal?: AbortSignal; onProgress?: (fetched: number) => void } = {},
): Promise<{ items: ActivityEntry[]; truncated: boolean }> {
  const max = options.max ?? ACTIVITY_EXPORT_LIMIT;
  const items: ActivityEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await fetchPage(filters, cursor, Math.min(1000, max - items.length), options.signal);
    items.push(...page.items);
    options.onProgress?.(items.length);
    cursor = page.next_cursor;
  } while (cursor && items.length < max);
  return { items: items.slice(0, max), truncated: Boolean(cursor) };
}
