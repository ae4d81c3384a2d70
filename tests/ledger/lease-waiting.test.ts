/** holdLeaseWaiting: work on one name runs one holder at a time, the second one in turn. */
import { describe, expect, it } from "vitest";
import { holdLease, holdLeaseWaiting, isLeaseHeld } from "@/lib/server/ledger";
import { drivers, useLedger } from "./helpers";

/** A promise and the function that resolves it. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe.each(drivers)("waiting for a lease (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("a second holder waits for the first to finish, then runs: never both at once", async () => {
    const name = `wait-${driver}-1`;
    const events: string[] = [];
    const first = gate();
    const started = gate();
    const one = holdLease(ledger(), name, { ttlMs: 30_000 }, async () => {
      events.push("first:start");
      started.open();
      await first.opened;
      events.push("first:end");
      return 1;
    });
    await started.opened;
    const two = holdLeaseWaiting(ledger(), name, { ttlMs: 30_000, waitMs: 20_000, pollMs: 10 }, async () => {
      events.push("second:start");
      return 2;
    });
    // The second is waiting while the first holds the lease; let the first finish.
    expect(await isLeaseHeld(ledger(), name)).toBe(true);
    first.open();
    expect(await one).toEqual({ acquired: true, value: 1 });
    expect(await two).toEqual({ acquired: true, value: 2 });
    expect(events).toEqual(["first:start", "first:end", "second:start"]);
    expect(await isLeaseHeld(ledger(), name)).toBe(false);
  });

  it("gives up once the wait is over while the lease is still held (waitMs 0: one try)", async () => {
    const name = `wait-${driver}-2`;
    const release = gate();
    const started = gate();
    const holder = holdLease(ledger(), name, { ttlMs: 30_000 }, async () => {
      started.open();
      await release.opened;
    });
    await started.opened;
    let ran = false;
    const outcome = await holdLeaseWaiting(ledger(), name, { ttlMs: 30_000, waitMs: 0 }, async () => {
      ran = true;
    });
    expect(outcome).toEqual({ acquired: false });
    expect(ran).toBe(false);
    release.open();
    await holder;
  });
});
