"use client";

import { useCallback, useMemo, useSyncExternalStore } from "react";
import { newIdempotencyKey } from "./use-idempotency-key";

/** An idempotency key bound to what it was made for (a fingerprint of the operation's contents). */
export interface StoredIdempotencyKey {
  key: string;
  fingerprint: string;
}

export interface StoredIdempotencyKeyApi {
  /** The key kept for this tab, or null (always null during server rendering). */
  stored: StoredIdempotencyKey | null;
  /** The key for these contents: the kept one when the fingerprint matches, else a new one (which replaces it). */
  keyFor: (fingerprint: string) => string;
  /** Forget the kept key: the operation it belongs to is definitively resolved. */
  clear: () => void;
}

const listeners = new Set<() => void>();
/** Used when sessionStorage is unavailable (disabled, full): the key then lives as long as the page. */
const memory = new Map<string, string>();

function readRaw(name: string): string | null {
  try {
    return window.sessionStorage.getItem(name) ?? memory.get(name) ?? null;
  } catch {
    return memory.get(name) ?? null;
  }
}

function writeRaw(name: string, value: string | null): void {
  if (value === null) memory.delete(name);
  else memory.set(name, value);
  try {
    if (value === null) window.sessionStorage.removeItem(name);
    else window.sessionStorage.setItem(name, value);
    // Stored for real: the copy in memory would only go stale.
    memory.delete(name);
  } catch {
    // Keep the in-memory copy.
  }
  for (const listener of listeners) listener();
}

function parse(raw: string | null): StoredIdempotencyKey | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { key, fingerprint } = value as Record<string, unknown>;
    return typeof key === "string" && key !== "" && typeof fingerprint === "string" ? { key, fingerprint } : null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/**
 * One idempotency key per operation that survives a reload of the tab: kept in
 * sessionStorage under `name` together with a fingerprint of the operation's
 * contents. The same contents after a reload get the same key (so a retry is a
 * replay, never a second operation); different contents get a new key. Call
 * `clear()` once the operation is definitively resolved.
 *
 * The fingerprint is stored, not the contents: pass a digest rather than, say,
 * a full Pix key.
 */
export function useStoredIdempotencyKey(name: string): StoredIdempotencyKeyApi {
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(name),
    () => null,
  );
  const stored = useMemo(() => parse(raw), [raw]);
  const keyFor = useCallback(
    (fingerprint: string) => {
      const current = parse(readRaw(name));
      if (current && current.fingerprint === fingerprint) return current.key;
      const next: StoredIdempotencyKey = { key: newIdempotencyKey(), fingerprint };
      writeRaw(name, JSON.stringify(next));
      return next.key;
    },
    [name],
  );
  const clear = useCallback(() => writeRaw(name, null), [name]);
  return { stored, keyFor, clear };
}
