import { dehydrate, hashKey, type DataTag, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { makeQueryClient } from "@/lib/browser/query/client";
import { PrefetchedQueries } from "@/lib/browser/query/prefetched";

/** One query's first data, under the key of its queryOptions factory (lib/browser/query). */
export interface Prefetched {
  queryKey: QueryKey;
  data: unknown;
  /** Only the first page of a longer list. */
  partial: boolean;
}

/** `data` for the query `queryKey` names; null (nothing to hand over) when the server could not read it. */
export function prefetched<T>(
  queryKey: DataTag<QueryKey, T, Error>,
  data: T | null,
  partial = false,
): Prefetched | null {
  return data === null ? null : { queryKey, data, partial };
}

/**
 * An answer that is itself "nothing" (a subaccount never changed here), for a query whose data may be null: handed
 * over as null, not left to the browser. The key must be of such a query (a type error otherwise).
 */
export function prefetchedNull<T>(
  queryKey: DataTag<QueryKey, T, Error> & (null extends T ? unknown : never),
): Prefetched {
  return { queryKey, data: null, partial: false };
}

/**
 * Hands a page's server-read data to the browser's react-query cache
 * (dehydrate / HydrationBoundary), so the first paint has it and the browser
 * does not fetch it again while it is fresh (makeQueryClient's staleTime). A
 * partial list is stale from the start, so the browser loads the whole list at
 * once, showing the first page meanwhile.
 */
export function WithPrefetched({
  entries,
  children,
}: {
  entries: readonly (Prefetched | null)[];
  children: ReactNode;
}) {
  const client = makeQueryClient();
  const partial: string[] = [];
  for (const entry of entries) {
    if (!entry) continue;
    client.setQueryData(entry.queryKey, entry.data, entry.partial ? { updatedAt: 0 } : undefined);
    if (entry.partial) partial.push(hashKey(entry.queryKey));
  }
  return (
    <PrefetchedQueries state={dehydrate(client)} partial={partial}>
      {children}
    </PrefetchedQueries>
  );
}
