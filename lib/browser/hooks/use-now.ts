"use client";

import { createContext, createElement, useContext, useEffect, useState, type ReactNode } from "react";

/**
 * The instant the server rendered the page at (the root layout hands it down). Text derived from the time
 * ("3 h left", "expired") is rendered twice, on the server and again in the browser while hydrating: both use
 * this one instant, so the browser's first render matches the server's HTML even when a minute turns in between.
 */
const RenderedAt = createContext<number | null>(null);

/** False until the page has hydrated: a component mounted afterwards (a client navigation) starts from its own now. */
let hydrated = false;

export function RenderedAtProvider({ at, children }: { at: number; children: ReactNode }) {
  useEffect(() => {
    hydrated = true;
  }, []);
  return createElement(RenderedAt.Provider, { value: at }, children);
}

/**
 * The current time, refreshed every `intervalMs` (and when the tab becomes
 * visible again), so derived states ("expired", "scheduled") and countdowns stay
 * right on a page left open all day. The first render uses the server's render
 * instant (see RenderedAt); right after mounting it moves to the browser's clock.
 */
export function useNow(intervalMs = 30_000): number {
  const renderedAt = useContext(RenderedAt);
  const [now, setNow] = useState(() => (!hydrated && renderedAt !== null ? renderedAt : Date.now()));
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === "visible") tick();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [intervalMs]);
  return now;
}

/** For tests: as before the page hydrated. */
export function resetHydratedForTests(): void {
  hydrated = false;
}
