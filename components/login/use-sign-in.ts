"use client";

import { useEffect, useState } from "react";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";

/** When a throttled sign-in may be tried again: the server's `retryAt`, else `retryAfterSeconds` from now. */
export function retryAt(details: Record<string, unknown>, now = Date.now()): Date {
  const at = typeof details.retryAt === "string" ? Date.parse(details.retryAt) : Number.NaN;
  if (Number.isFinite(at)) return new Date(at);
  const seconds =
    typeof details.retryAfterSeconds === "number" && details.retryAfterSeconds > 0 ? details.retryAfterSeconds : 60;
  return new Date(now + seconds * 1000);
}

/**
 * After a 429 `sign_in_throttled`: when the server accepts sign-ins from here
 * again. `throttle(error)` takes any error and says whether it was that one;
 * the form stays disabled until the time has come.
 */
export function useSignInThrottle() {
  const [throttledUntil, setThrottledUntil] = useState<Date | null>(null);

  useEffect(() => {
    if (!throttledUntil) return;
    const timer = window.setTimeout(() => setThrottledUntil(null), Math.max(0, throttledUntil.getTime() - Date.now()));
    return () => window.clearTimeout(timer);
  }, [throttledUntil]);

  const throttle = (error: unknown): boolean => {
    if (!isBffRequestError(error) || error.knownCode !== "sign_in_throttled") return false;
    setThrottledUntil(retryAt(error.details));
    return true;
  };

  return { throttledUntil, throttle };
}
