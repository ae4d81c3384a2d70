"use client";

import { useDeferredValue, useEffect, useRef, useState } from "react";

export interface SearchBoxOptions {
  /** Controlled search text (e.g. from the URL); a change from outside replaces what is typed. */
  search: string | undefined;
  /** Told the text, debounced (250 ms): writing the URL on every keystroke would be wasted work. */
  onSearchChange: ((value: string) => void) | undefined;
}

export interface SearchBox {
  /** What the box shows, updated on every keystroke. */
  searchInput: string;
  setSearchInput: (value: string) => void;
  /**
   * What to filter by: the trimmed input as a deferred value, so the input stays
   * urgent and the filtered render runs behind it (typing never waits for it).
   * It does not wait for the debounce.
   */
  query: string;
}

/**
 * The search box's state. The table owns one by default; a view that filters its
 * rows itself (manualFiltering) creates it with this hook and passes it to the
 * table as `searchBox`, so it filters by `query` as the user types instead of by
 * the debounced URL value.
 */
export function useSearchBox({ search, onSearchChange }: SearchBoxOptions): SearchBox {
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
  const query = useDeferredValue(searchInput.trim());
  return { searchInput, setSearchInput, query };
}
