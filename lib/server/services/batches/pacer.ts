import type { Clock } from "@/lib/shared/clock";

/** Spaces calls evenly at no more than `perSecond`, across every caller that shares it. */
export interface Pacer {
  /** Resolves at this caller's turn (at once when the pace allows it). */
  take(): Promise<void>;
}

/**
 * Each take() books the next free slot, 1000/perSecond ms after the last one
 * booked, and waits for it. Idle time is not saved up, so there is never a
 * burst above the pace.
 */
export function createPacer(perSecond: number, clock: Clock): Pacer {
  const interval = 1000 / perSecond;
  let nextSlot = Number.NEGATIVE_INFINITY;
  return {
    async take() {
      const now = clock.now();
      const slot = Math.max(now, nextSlot);
      nextSlot = slot + interval;
      if (slot > now) await clock.sleep(slot - now);
    },
  };
}
