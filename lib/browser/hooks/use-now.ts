"use client";

import { useEffect, useState } from "react";

/**
 * The current time, refreshed every `intervalMs` (and when the tab becomes
 * visible again), so derived states ("expired", "scheduled") and countdowns stay
 * right on a page left open all day.
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === "visible") tick();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [intervalMs]);
  return now;
}
