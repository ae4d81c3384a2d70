"use client";

import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";

/**
 * The instant the server rendered the page at (the root layout hands it down). Text derived from the time
 * ("3 h left", "expired") is rendered twice, on the server and again in the browser while hydrating: both use
 * this one instant, so the browser's first render matches the server's HTML even when a minute turns in between.
 */
const RenderedAt = createContext<number | null>(null);

export function RenderedAtProvider({ at, children }: { at: number; children: ReactNode }) {
  return createElement(RenderedAt.Provider, { value: at }, children);
}

const noSubscription = () => () => undefined;

/**
 * True while this component renders on the server or hydrates what the server rendered (React reads the server
 * snapshot then), false when it mounts fresh in the browser (a client navigation). Asked per component, not once
 * per page: a page's parts hydrate at different moments (each Suspense boundary on its own, often after the root
 * layout has), and every one of them must start from the server's instant.
 */
function useIsHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * The current time, refreshed every `intervalMs` (and when the tab becomes
 * visible again), so derived states ("expired", "scheduled") and countdowns stay
 * right on a page left open all day. The first render uses the server's render
 * instant (see RenderedAt); right after mounting it moves to the browser's clock.
 */
export function useNow(intervalMs = 30_000): number {
  const renderedAt = useContext(RenderedAt);
  const hydrating = useIsHydrating();
  const [now, setNow] = useState(() => (hydrating && renderedAt !== null ? renderedAt : Date.now()));
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
