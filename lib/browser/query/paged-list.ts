import type { QueryFunction, QueryKey } from "@tanstack/react-query";

/** Lists put in the cache while their later pages are still arriving. */
const partialLists = new WeakSet<readonly unknown[]>();

/**
 * True for a list the first load is still filling page by page: views show its
 * rows, but keep totals, counts for the overview and exports for the whole list.
 */
export function isPartialList(list: readonly unknown[] | undefined): boolean {
  return list !== undefined && partialLists.has(list);
}

/** Marks a list as the first part of a longer one (a page the server rendered with: app/(dashboard)/_prefetch). */
export function markPartialList(list: readonly unknown[]): void {
  partialLists.add(list);
}

/**
 * A query function over a list read in pages (`bffPages`). On the first load
 * each page is merged into react-query's cache as it arrives, so the table shows
 * the first rows at once; a refetch keeps the current list on screen and
 * replaces it only when the new one is whole. A load that fails part-way leaves
 * no partial list behind: the query is an error with no data, as before.
 * Use with `structuralSharing: false`: comparing 10,000 rows deeply on every
 * load costs more than it saves, and it would hand back the partial array.
 */
export function pagedListQueryFn<T>(
  pages: (context: { signal: AbortSignal }) => AsyncIterable<T[]>,
): QueryFunction<T[], QueryKey> {
  return async ({ client, queryKey, signal }) => {
    const showPages = client.getQueryData(queryKey) === undefined;
    let items: T[] = [];
    try {
      for await (const page of pages({ signal })) {
        items = items.length === 0 ? page : items.concat(page);
        if (showPages) {
          partialLists.add(items);
          client.setQueryData<T[]>(queryKey, items);
        }
      }
    } catch (error) {
      if (showPages && items.length > 0) {
        client
          .getQueryCache()
          .find({ queryKey, exact: true })
          ?.setState({ data: undefined, dataUpdatedAt: 0, status: "pending" });
      }
      throw error;
    }
    // A new array, so views see the list become whole (pair with `structuralSharing: false`, see pagedListQuery).
    return showPages ? [...items] : items;
  };
}
