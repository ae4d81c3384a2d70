/**
 * Time as a dependency. Code that reads "now" or waits takes a Clock (defaulting to
 * the system clock), so tests can move time forward instead of sleeping.
 * Production behaviour is the system clock's: Date.now() and setTimeout.
 */

export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason as soon as it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/** Waits `ms` on a real timer, rejecting with the signal's reason as soon as it aborts. */
export function timerSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export const systemClock: Clock = Object.freeze({
  now: () => Date.now(),
  sleep: timerSleep,
});

/**
 * Runs `fn` after `ms` on the clock unless `signal` aborts first (then never).
 * A timer that the clock drives: clock.sleep is the only source of delay.
 */
export function after(clock: Clock, ms: number, signal: AbortSignal, fn: () => void): void {
  clock.sleep(ms, signal).then(fn, () => undefined);
}
