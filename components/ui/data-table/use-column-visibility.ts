"use client";

import type { VisibilityState } from "@tanstack/react-table";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { z } from "zod/mini";
import { readMeta, type DataTableColumn } from "./types";

const storedSchema = z.record(z.string(), z.boolean());

function storageKey(columnsKey: string): string {
  return `pixops.table-columns.${columnsKey}`;
}

/** A column definition's id, as react-table derives it (explicit id, else its accessor key). */
export function columnIdOf<TData>(column: DataTableColumn<TData>): string | undefined {
  if (column.id) return column.id;
  return "accessorKey" in column && typeof column.accessorKey === "string" ? column.accessorKey : undefined;
}

/** Told when a list's stored choice changes (in this tab; other tabs through the storage event). */
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

function readRaw(columnsKey: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(columnsKey));
  } catch {
    return null; // storage blocked: the defaults
  }
}

function parseStored(raw: string | null): VisibilityState | null {
  if (!raw) return null;
  try {
    const parsed = z.safeParse(storedSchema, JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // not JSON: the defaults
  }
}

function writeStored(columnsKey: string, value: VisibilityState | null): void {
  try {
    if (value) window.localStorage.setItem(storageKey(columnsKey), JSON.stringify(value));
    else window.localStorage.removeItem(storageKey(columnsKey));
  } catch {
    // storage blocked: nothing is remembered
  }
  for (const listener of listeners) listener();
}

/**
 * Which columns are shown. Default: every column but those of `low` priority. The person's
 * choice (the column chooser) overrides it and is remembered per list under `columnsKey`
 * (a list without one offers no chooser).
 * The server and the first client render use the default; the stored choice is applied
 * after mount, so hydration always matches. `essential` columns cannot be hidden.
 */
export function useColumnVisibility<TData>(columns: DataTableColumn<TData>[], columnsKey: string | undefined) {
  const { defaults, essential } = useMemo(() => {
    const defaults: VisibilityState = {};
    const essential = new Set<string>();
    for (const column of columns) {
      const id = columnIdOf(column);
      if (!id) continue;
      const { priority } = readMeta(column.meta);
      if (priority === "low") defaults[id] = false;
      if (priority === "essential") essential.add(id);
    }
    return { defaults, essential };
  }, [columns]);

  // The server and hydration read no choice (the defaults); the stored one follows right after.
  const raw = useSyncExternalStore(
    subscribe,
    () => (columnsKey ? readRaw(columnsKey) : null),
    () => null,
  );
  const chosen = useMemo(() => parseStored(raw), [raw]);

  const visibility = useMemo(() => {
    const merged: VisibilityState = { ...defaults, ...chosen };
    for (const id of essential) merged[id] = true;
    return merged;
  }, [defaults, chosen, essential]);

  const setVisible = useCallback(
    (id: string, visible: boolean) => {
      if (columnsKey) writeStored(columnsKey, { ...parseStored(readRaw(columnsKey)), [id]: visible });
    },
    [columnsKey],
  );
  const reset = useCallback(() => {
    if (columnsKey) writeStored(columnsKey, null);
  }, [columnsKey]);

  return { visibility, setVisible, reset, essential };
}
