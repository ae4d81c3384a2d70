"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { z } from "zod/mini";

type UrlPrimitive = string | number | boolean | null | undefined;
type UrlShape = z.core.$ZodObject;
export type UrlStatePatch<S extends UrlShape> = { [K in keyof z.output<S>]?: z.output<S>[K] | null };

export interface UrlStateOptions {
  /**
   * "replace" (default: filters do not flood the back button) or "push", for what opens over the page (a drawer):
   * opening it is a step in the history, so Back closes it; closing it goes back to the entry it was opened from when
   * this page pushed it and nothing else changed since (so Back after closing leaves the page, as it would have before
   * opening), and otherwise (arrived with it open from a shared link, a filter changed meanwhile) replaces the address.
   */
  history?: "replace" | "push";
}

/**
 * Marks a history entry this hook pushed: the address it was pushed from and this page load (Next.js copies its own
 * keys into the state it is given, so the mark stays until something replaces the entry without it, e.g. a
 * `router.refresh()`; a close then replaces the address instead of going back).
 */
const PUSHED_FROM = "urlStatePushedFrom";
const PUSHED_BY = "urlStatePage";
/** This page load: after a reload the entry before a marked one is another document, so going back would reload it. */
const PAGE = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The address a marked entry was pushed from by this page load, or null. */
function pushedFrom(): string | null {
  const state: unknown = window.history.state;
  if (typeof state !== "object" || state === null || !(PUSHED_FROM in state) || !(PUSHED_BY in state)) return null;
  const from: unknown = state[PUSHED_FROM];
  return state[PUSHED_BY] === PAGE && typeof from === "string" ? from : null;
}

/** The state to replace the current entry with: its mark kept, so a later close still knows where it was pushed from. */
function replacedState(): Record<string, string> | null {
  const from = pushedFrom();
  return from === null ? null : { [PUSHED_FROM]: from, [PUSHED_BY]: PAGE };
}

/** An address as URLSearchParams spells it, so one written by hand and one built here compare equal. */
function normalHref(pathname: string, search: string): string {
  const qs = new URLSearchParams(search).toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

const currentHref = () => normalHref(window.location.pathname, window.location.search);

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

function serialize(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/**
 * Filters, search and sort kept in the URL query string, so a view is shareable
 * and survives reload/back. The URL changes through the browser's own history
 * (`history.replaceState`/`pushState`), which Next.js keeps `useSearchParams` in
 * step with: a filter shows at once and asks the server for nothing (the page's
 * data follows through its queries), where a router navigation would wait for the
 * server to render the page again, with the old choice on screen meanwhile.
 * The zod schema parses the query string (values arrive as strings: use
 * `z.coerce.number()`, `z.catch(z.optional(z.enum([...])), undefined)`,
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
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const history = options.history ?? "replace";

  // Next.js follows the history into useSearchParams in a transition; until it lands, a controlled select would show
  // its old option. So the address this hook just wrote is shown at once, until useSearchParams changes at all (to
  // it, or to anything else: Back, another navigation).
  const urlQuery = searchParams.toString();
  const [written, setWritten] = useState<string | null>(null);
  const [seenQuery, setSeenQuery] = useState(urlQuery);
  if (seenQuery !== urlQuery) {
    setSeenQuery(urlQuery);
    setWritten(null);
  }
  const queryString = seenQuery === urlQuery && written !== null ? written : urlQuery;
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

  const navigate = useCallback(
    (params: URLSearchParams) => {
      const href = normalHref(pathname, params.toString());
      const here = currentHref();
      if (href === here) return;
      if (history === "push") {
        const keys = Object.keys(schema._zod.def.shape);
        const open = new URLSearchParams(window.location.search);
        const closing = keys.some((key) => open.has(key)) && keys.every((key) => !params.has(key));
        if (!closing) {
          window.history.pushState({ [PUSHED_FROM]: here, [PUSHED_BY]: PAGE }, "", href);
          return;
        }
        // Back to the entry it was opened from, when closing lands on exactly that address (nothing else changed).
        if (pushedFrom() === href) {
          // The mark goes first: a second close before the browser has moved (back is asynchronous) must not go back
          // a second step, off the page.
          window.history.replaceState(null, "", here);
          window.history.back();
          return;
        }
      }
      window.history.replaceState(replacedState(), "", href);
    },
    [history, pathname, schema],
  );

  const setState = useCallback(
    (patch: UrlStatePatch<S>) => {
      // Start from the live URL, not this render's: an update made just before has changed it already.
      const params = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(patch as Record<string, UrlPrimitive>)) {
        const text = serialize(value);
        const fallback = serialize(defaults[key]);
        if (text === null || text === fallback) params.delete(key);
        else params.set(key, text);
      }
      navigate(params);
      setWritten(params.toString());
    },
    [defaults, navigate],
  );

  const reset = useCallback(() => {
    const params = new URLSearchParams(window.location.search);
    for (const key of Object.keys(schema._zod.def.shape)) params.delete(key);
    navigate(params);
    setWritten(params.toString());
  }, [navigate, schema]);

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
