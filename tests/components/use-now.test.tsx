import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNow } from "@/lib/browser/hooks/use-now";

describe("useNow (the one clock hook for countdowns)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse("2026-11-22T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("starts at the current time and moves on every interval", () => {
    const { result } = renderHook(() => useNow(30_000));
    expect(result.current).toBe(Date.parse("2026-11-22T12:00:00Z"));
    act(() => void vi.advanceTimersByTime(29_999));
    expect(result.current).toBe(Date.parse("2026-11-22T12:00:00Z"));
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(Date.parse("2026-11-22T12:00:30Z"));
  });

  it("catches up when the tab becomes visible again", () => {
    const { result } = renderHook(() => useNow(60_000));
    vi.setSystemTime(Date.parse("2026-11-22T15:00:00Z"));
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(result.current).toBe(Date.parse("2026-11-22T15:00:00Z"));
  });
});
