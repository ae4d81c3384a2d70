import "server-only";
import { systemClock, type Clock } from "../shared/clock";

/**
 * The clock of the BFF's services, payments clients, leases and background passes:
 * the system clock, unless a test harness set another one to move time forward.
 * Route handlers have no constructor to inject into, so this is their injection point.
 */
let current: Clock = systemClock;

export function serverClock(): Clock {
  return current;
}

/** "Now" on whichever clock is current when asked: for schemas built once at module load and checked per request. */
export const serverNow: Pick<Clock, "now"> = Object.freeze({ now: () => current.now() });

/** Whether a test set the clock (work that checks the system clock against the database's trusts an injected one). */
export function serverClockInjected(): boolean {
  return current !== systemClock;
}

/** Tests only: use `clock` from now on (null: the system clock again). */
export function setServerClockForTests(clock: Clock | null): void {
  current = clock ?? systemClock;
}
