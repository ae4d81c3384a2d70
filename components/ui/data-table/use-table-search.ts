"use client";

import { useMemo } from "react";
import { buildSearchKeys, matchesAllTerms, searchTerms } from "@/lib/shared/search";
import { useSearchBox, type SearchBox } from "./use-search-box";

function defaultSearchText(row: unknown): string {
  if (row === null || typeof row !== "object") return String(row ?? "");
  const parts: string[] = [];
  for (const value of Object.values(row as Record<string, unknown>)) {
    if (typeof value === "string" || typeof value === "number") parts.push(String(value));
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const inner of Object.values(value as Record<string, unknown>)) {
        if (typeof inner === "string" || typeof inner === "number") parts.push(String(inner));
      }
    }
  }
  return parts.join(" ");
}

interface TableSearchOptions<TData> {
  data: readonly TData[] | undefined;
  search: string | undefined;
  onSearchChange: ((value: string) => void) | undefined;
  searchText: ((row: TData) => string) | undefined;
  manualFiltering: boolean;
  /** The parent's search box (see useSearchBox); the table's own otherwise. */
  searchBox: SearchBox | undefined;
}

/**
 * The search box (`useSearchBox`: instant typing, the parent told debounced) and
 * the rows filtered client-side over haystacks computed once per dataset, unless
 * the parent or the server filters.
 */
export function useTableSearch<TData>({
  data,
  search,
  onSearchChange,
  searchText,
  manualFiltering,
  searchBox,
}: TableSearchOptions<TData>) {
  const ownBox = useSearchBox({
    search: searchBox ? undefined : search,
    onSearchChange: searchBox ? undefined : onSearchChange,
  });
  const { searchInput, setSearchInput, query: deferredQuery } = searchBox ?? ownBox;

  const haystacks = useMemo(() => {
    if (!data || manualFiltering) return null;
    return buildSearchKeys(data, searchText ?? defaultSearchText);
  }, [data, manualFiltering, searchText]);
  const rows = useMemo<TData[]>(() => {
    if (!data) return [];
    if (manualFiltering || !haystacks || deferredQuery === "") return data as TData[];
    const terms = searchTerms(deferredQuery);
    return data.filter((_, i) => matchesAllTerms(haystacks[i] ?? "", terms));
  }, [data, deferredQuery, haystacks, manualFiltering]);

  return { searchInput, setSearchInput, deferredQuery, rows };
}
