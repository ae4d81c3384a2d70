import { describe, expect, it } from "vitest";
import { createPacer } from "@/lib/server/services/batches/pacer";
import { ManualClock, settle } from "../helpers/clock";

describe("createPacer", () => {
  it("lets the first call through and spaces the next ones 1000/rate ms apart, with no saved-up burst", async () => {
    const clock = new ManualClock(0);
    const pacer = createPacer(100, clock);
    const done: number[] = [];
    for (let i = 0; i < 4; i++) void pacer.take().then(() => done.push(clock.now()));
    await settle();
    expect(done).toEqual([0]);
    await clock.advance(10);
    await settle();
    expect(done).toEqual([0, 10]);
    await clock.advance(20);
    await settle();
    expect(done).toEqual([0, 10, 20, 30]);
    // After idle time, one call goes at once and the next waits its interval again.
    await clock.advance(1_000);
    void pacer.take().then(() => done.push(clock.now()));
    void pacer.take().then(() => done.push(clock.now()));
    await settle();
    expect(done).toHaveLength(5);
    await clock.advance(10);
    await settle();
    expect(done.slice(4)).toEqual([1030, 1040]);
  });
});
