"use client";

import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { markPartialList } from "./paged-list";

/**
 * Queries a server-rendered page read for its first paint, put in the browser's
 * cache. The lists named in `partial` (by query hash) are only their first page:
 * they are marked as still arriving, so views keep whole-list totals and the
 * query loads the whole list at once.
 */
export function PrefetchedQueries({
  state,
  partial,
  children,
}: {
  state: DehydratedState;
  partial: readonly string[];
  children: ReactNode;
}) {
  for (const query of state.queries) {
    if (partial.includes(query.queryHash) && Array.isArray(query.state.data)) markPartialList(query.state.data);
  }
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}
