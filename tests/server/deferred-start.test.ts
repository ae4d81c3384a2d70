import { AsyncLocalStorage } from "node:async_hooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deferStart, runDeferredStart } from "@/lib/server/deferred-start";

afterEach(() => {
  runDeferredStart();
  vi.useRealTimers();
});

describe("deferStart (development start-up held until the first page is sent)", () => {
  it("holds the work until the first page asks for it, and runs it once", () => {
    const work = vi.fn();
    deferStart(work, 60_000);
    expect(work).not.toHaveBeenCalled();

    runDeferredStart();
    runDeferredStart();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("starts the work anyway when no page is asked for within the wait, and not a second time", () => {
    vi.useFakeTimers();
    const work = vi.fn();
    deferStart(work, 60_000);

    vi.advanceTimersByTime(59_999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);

    runDeferredStart();
    vi.advanceTimersByTime(120_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("runs the work in the context it was deferred from, not in the request that let it go", () => {
    const request = new AsyncLocalStorage<string>();
    let seen: string | undefined = "not run";
    deferStart(() => (seen = request.getStore()), 60_000);
    request.run("the first page's request", () => runDeferredStart());
    expect(seen).toBeUndefined();
  });
});
