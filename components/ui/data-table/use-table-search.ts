"use client";

import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { matchesAllTerms, normalizeForSearch, searchTerms } from "@/lib/shared/search";

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
}

/**
 * The search box's state: local text for instant typing, the parent told about
 * it debounced (250 ms), and the rows filtered client-side over a precomputed
 * haystack (cheap at 10k rows) unless the server filters.
 */
export function useTableSearch<TData>({ data, search, onSearchChange, searchText, manualFiltering }: TableSearchOptions<TData>) {
  const [searchInput, setSearchInput] = useState(search ?? "");
  const lastEmitted = useRef(search ?? "");
  useEffect(() => {
    if (search !== undefined && search !== lastEmitted.current) {
      lastEmitted.current = search;
      setSearchInput(search);
    }
  }, [search]);
  useEffect(() => {
    if (!onSearchChange || searchInput === lastEmitted.current) return;
    const timer = setTimeout(() => {
      lastEmitted.current = searchInput;
      onSearchChange(searchInput);
    }, 250);
    return () => clearTimeout(timer);
  }, [searchInput, onSearchChange]);
  const deferredQuery = useDeferredValue(searchInput.trim());

  const haystacks = useMemo(() => {
    if (!data || manualFiltering) return null;
    return data.map((row) => normalizeForSearch(searchText ? searchText(row) : defaultSearchText(row)));
  }, [data, manualFiltering, searchText]);
  const rows = useMemo<TData[]>(() => {
    if (!data) return [];
    if (manualFiltering || !haystacks || deferredQuery === "") return data as TData[];
    const terms = searchTerms(deferredQuery);
    return data.filter((_, i) => matchesAllTerms(haystacks[i] ?? "", terms));
  }, [data, deferredQuery, haystacks, manualFiltering]);

  return { searchInput, setSearchInput, deferredQuery, rows };
}
