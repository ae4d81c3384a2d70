/**
 * Clocks tests control (lib/shared/clock.ts is the interface the code takes).
 *
 * - ManualClock: time stands still until the test calls advance(); waits end only then.
 * - SkipClock: real time plus whatever the test skipped; waits end on their real
 *   timer or as soon as a skip passes them. For harnesses where other parts keep
 *   real time (the ledger's database clock, a client's retries) and the test only
 *   needs to jump ahead (settlement, a minimum refresh age).
 */
import { abortReason, type Clock } from "@/lib/shared/clock";

interface Wait {
  at: number;
  resolve(): void;
}

/** Lets every promise continuation and I/O callback that is ready run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

abstract class ControlledClock implements Clock {
  protected waits = new Set<Wait>();
  private watchers: Array<() => void> = [];
  /** Every wait asked for, in order (ms). */
  readonly requested: number[] = [];

  abstract now(): number;

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      this.requested.push(ms);
      const wait: Wait = {
        at: this.now() + Math.max(0, ms),
        resolve: () => {
          this.waits.delete(wait);
          signal?.removeEventListener("abort", onAbort);
          this.onEnd(wait);
          resolve();
        },
      };
      const onAbort = () => {
        this.waits.delete(wait);
        this.onEnd(wait);
        reject(abortReason(signal));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waits.add(wait);
      this.onStart(wait);
      for (const watcher of this.watchers.splice(0)) watcher();
    });
  }

  /** How many waits are pending now. */
  get pending(): number {
    return this.waits.size;
  }

  /** Resolves once `count` waits in all have been asked for (at once if they already were). */
  async asked(count: number): Promise<void> {
    while (this.requested.length < count) await new Promise<void>((resolve) => this.watchers.push(resolve));
  }

  /** Resolves once at least `count` waits are pending (at once if they already are). */
  async waiting(count = 1): Promise<void> {
    while (this.waits.size < count) await new Promise<void>((resolve) => this.watchers.push(resolve));
  }

  protected dueBy(time: number): Wait | undefined {
    let earliest: Wait | undefined;
    for (const wait of this.waits) if (wait.at <= time && (!earliest || wait.at < earliest.at)) earliest = wait;
    return earliest;
  }

  protected onStart(_wait: Wait): void {}
  protected onEnd(_wait: Wait): void {}
}

export class ManualClock extends ControlledClock {
  private current: number;

  /** Starts at `start` (default: the real time now, so dates look current). */
  constructor(start: number = Date.now()) {
    super();
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  /**
   * Moves time forward by `ms`, ending every wait due by then in order of due
   * time, and letting what each one started run before the next one ends.
   */
  async advance(ms: number): Promise<void> {
    const target = this.current + Math.max(0, ms);
    for (let wait = this.dueBy(target); wait; wait = this.dueBy(target)) {
      this.current = Math.max(this.current, wait.at);
      wait.resolve();
      await settle();
    }
    this.current = target;
    await settle();
  }

  /** Advances to the earliest pending wait and ends it (and any due at the same time). */
  async next(): Promise<void> {
    let earliest: number | undefined;
    for (const wait of this.waits) earliest = earliest === undefined ? wait.at : Math.min(earliest, wait.at);
    if (earliest === undefined) throw new Error("ManualClock.next(): nothing is waiting");
    await this.advance(earliest - this.current);
  }
}

export class SkipClock extends ControlledClock {
  private offset = 0;
  private timers = new Map<Wait, NodeJS.Timeout>();

  now(): number {
    return Date.now() + this.offset;
  }

  /** Jumps `ms` ahead of real time, ending every wait that is then due. */
  async skip(ms: number): Promise<void> {
    this.offset += Math.max(0, ms);
    for (let wait = this.dueBy(this.now()); wait; wait = this.dueBy(this.now())) {
      wait.resolve();
      await settle();
    }
    await settle();
  }

  protected override onStart(wait: Wait): void {
    this.timers.set(
      wait,
      setTimeout(() => wait.resolve(), Math.max(0, wait.at - this.now())),
    );
  }

  protected override onEnd(wait: Wait): void {
    clearTimeout(this.timers.get(wait));
    this.timers.delete(wait);
  }
}

/**
 * Drives a payments-client call whose every attempt gets an answer: each attempt
 * asks for its timeout wait, then (when it retries) for a backoff wait; this ends
 * each backoff wait by advancing the clock by exactly its length, until the call settles.
 */
export async function stepBackoffs<T>(clock: ManualClock, call: Promise<T>): Promise<T> {
  let done = false;
  const settled = call.finally(() => {
    done = true;
  });
  const ended = settled.then(
    () => undefined,
    () => undefined,
  );
  for (let n = 2; ; n += 2) {
    await Promise.race([clock.asked(n), ended]);
    if (done) return settled;
    await clock.advance(clock.requested[n - 1] ?? 0);
  }
}
