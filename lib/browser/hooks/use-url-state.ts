"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo } from "react";
import { z } from "zod/mini";

type UrlPrimitive = string | number | boolean | null | undefined;
type UrlShape = z.core.$ZodObject;
export type UrlStatePatch<S extends UrlShape> = { [K in keyof z.output<S>]?: z.output<S>[K] | null };

export interface UrlStateOptions {
  /** "replace" (default: filters do not flood the back button) or "push". */
  history?: "replace" | "push";
}

function parseWithFallback<S extends UrlShape>(schema: S, raw: Record<string, string>): z.output<S> {
  const input: Record<string, string> = { ...raw };
  // Drop keys that fail validation one round at a time, so one bad value in a
  // shared link does not throw away the others.
  for (let attempt = 0; attempt < 8; attempt++) {
    const result = z.safeParse(schema, input);
    if (result.success) return result.data;
    const bad = new Set(
      result.error.issues.map((issue) => issue.path[0]).filter((k): k is string => typeof k === "string"),
    );
    if (bad.size === 0) break;
    for (const key of bad) delete input[key];
  }
  const empty = z.safeParse(schema, {});
  if (empty.success) return empty.data;
  throw new Error(
    "useUrlState: the schema must accept an empty query string (wrap every field in z.optional, z._default or z.catch).",
  );
}

/**
 * The query string most recently sent to the router but perhaps not yet in
 * `window.location`: `router.replace` lands asynchronously, so an update made
 * before it lands must build on it, not on the stale URL (shared by every
 * useUrlState on the page, e.g. a filter bar and a table).
 */
let pendingSearch: { pathname: string; search: string; at: number } | null = null;
const PENDING_TTL_MS = 2000;

function baseSearch(pathname: string, fallback: string): string {
  if (pendingSearch && pendingSearch.pathname === pathname && Date.now() - pendingSearch.at < PENDING_TTL_MS) {
    return pendingSearch.search;
  }
  return typeof window !== "undefined" ? window.location.search : fallback;
}

function serialize(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/**
 * Filters, search and sort kept in the URL query string, so a view is shareable
 * and survives reload/back. The zod schema parses the query string (values
 * arrive as strings: use `z.coerce.number()`, `z.catch(z.optional(z.enum([...])), undefined)`,
 * `z._default(z.string(), "")`, from zod/mini); invalid values fall back to their defaults.
 * Values equal to their default are left out of the URL. Keys the schema does
 * not know are preserved.
 *
 *   const schema = z.object({ q: z._default(z.string(), ""), status: z.catch(z.optional(z.enum(["paid", "failed"])), undefined) });
 *   const [filters, setFilters] = useUrlState(schema);
 *   setFilters({ status: "paid" });  // ?status=paid
 *   setFilters({ status: null });    // removes it
 *
 * Pages that use it are dynamic (the root layout reads cookies), so no extra
 * <Suspense> is needed for useSearchParams.
 */
export function useUrlState<S extends UrlShape>(
  schema: S,
  options: UrlStateOptions = {},
): [z.output<S>, (patch: UrlStatePatch<S>) => void, () => void] {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const history = options.history ?? "replace";

  const queryString = searchParams.toString();
  const state = useMemo(() => {
    const raw: Record<string, string> = {};
    new URLSearchParams(queryString).forEach((value, key) => {
      if (!(key in raw)) raw[key] = value;
    });
    return parseWithFallback(schema, raw);
  }, [schema, queryString]);

  const defaults = useMemo(() => {
    const parsed = z.safeParse(schema, {});
    return (parsed.success ? parsed.data : {}) as Record<string, unknown>;
  }, [schema]);

  // Once the router has caught up with what we sent, the live URL is the truth again.
  useEffect(() => {
    if (pendingSearch && pendingSearch.pathname === pathname && pendingSearch.search === `?${queryString}`)
      pendingSearch = null;
  }, [pathname, queryString]);

  const navigate = useCallback(
    (params: URLSearchParams) => {
      const qs = params.toString();
      pendingSearch = { pathname, search: `?${qs}`, at: Date.now() };
      const href = qs ? `${pathname}?${qs}` : pathname;
      if (history === "push") router.push(href, { scroll: false });
      else router.replace(href, { scroll: false });
    },
    [history, pathname, router],
  );

  const setState = useCallback(
    (patch: UrlStatePatch<S>) => {
      // Start from the newest URL (sent or live) so quick successive updates all land.
      const params = new URLSearchParams(baseSearch(pathname, `?${queryString}`));
      for (const [key, value] of Object.entries(patch as Record<string, UrlPrimitive>)) {
        const text = serialize(value);
        const fallback = serialize(defaults[key]);
        if (text === null || text === fallback) params.delete(key);
        else params.set(key, text);
      }
      navigate(params);
    },
    [defaults, navigate, pathname, queryString],
  );

  const reset = useCallback(() => {
    const params = new URLSearchParams(baseSearch(pathname, `?${queryString}`));
    for (const key of Object.keys(schema._zod.def.shape)) params.delete(key);
    navigate(params);
  }, [navigate, pathname, queryString, schema]);

  return [state, setState, reset];
}

/** "created_at.desc" → [{ id: "created_at", desc: true }] (the DataTable's SortingState). */
export function parseSort(value: string | null | undefined): { id: string; desc: boolean }[] {
  if (!value) return [];
  return value
    .split(",")
    .map((part) => {
      const match = /^([A-Za-z0-9_]+)(?:\.(asc|desc))?$/.exec(part.trim());
      return match ? { id: match[1] as string, desc: match[2] === "desc" } : null;
    })
    .filter((s): s is { id: string; desc: boolean } => s !== null);
}

/** [{ id: "created_at", desc: true }] → "created_at.desc"; "" for no sort. */
export function formatSort(sorting: ReadonlyArray<{ id: string; desc: boolean }>): string {
  return sorting.map((s) => `${s.id}.${s.desc ? "desc" : "asc"}`).join(",");
}
