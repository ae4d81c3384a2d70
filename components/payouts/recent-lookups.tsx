"use client";

import { History, X } from "lucide-react";
import Link from "next/link";
import { useSyncExternalStore } from "react";
import { useI18n } from "@/lib/browser/i18n";

/**
 * The last payout ids looked up in this tab (support often checks the same
 * payout again while the customer is on the line). Kept in sessionStorage:
 * ids only, gone when the tab closes.
 */
const STORAGE_KEY = "pixops.recentPayoutLookups";
const MAX = 6;
const EMPTY: readonly string[] = [];
const listeners = new Set<() => void>();
let cache: { raw: string | null; ids: readonly string[] } = { raw: null, ids: EMPTY };

function read(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cache.raw) return cache.ids;
  let ids: readonly string[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed))
      ids = parsed.filter((v): v is string => typeof v === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(v)).slice(0, MAX);
  } catch {
    ids = EMPTY;
  }
  cache = { raw, ids };
  return ids;
}

function write(ids: readonly string[]): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage disabled: nothing to remember.
  }
  listeners.forEach((notify) => notify());
}

/** Remembers a payout id that was found (most recent first). */
export function rememberPayoutLookup(id: string): void {
  if (typeof window === "undefined") return;
  const current = read();
  if (current[0] === id) return;
  write([id, ...current.filter((existing) => existing !== id)].slice(0, MAX));
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export function RecentLookups() {
  const { t } = useI18n();
  const ids = useSyncExternalStore(subscribe, read, () => EMPTY);
  if (ids.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
        <History className="size-3.5" aria-hidden="true" />
        {t("payouts.lookup.recent")}
      </span>
      <ul className="flex flex-wrap gap-1.5" aria-label={t("payouts.lookup.recent")}>
        {ids.map((id) => (
          <li key={id}>
            <Link
              href={`/payouts/${encodeURIComponent(id)}`}
              className="inline-flex h-7 items-center rounded-md border bg-card px-2 font-mono text-xs hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              {id}
            </Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => write(EMPTY)}
        aria-label={`${t("payouts.lookup.clearRecent")}: ${t("payouts.lookup.recent")}`}
        className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="size-3" aria-hidden="true" />
        {t("payouts.lookup.clearRecent")}
      </button>
    </div>
  );
}
