import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod/mini";

// useSearchParams answers the URL of the last render only: two updates in one event must still both land.
vi.mock("next/navigation", () => ({
  useRouter: () => ({ replace: vi.fn(), push: vi.fn() }),
  usePathname: () => "/payment-links",
  useSearchParams: () => new URLSearchParams(""),
}));

const { useUrlState } = await import("@/lib/browser/hooks/use-url-state");
const address = () => `${window.location.pathname}${window.location.search}`;

const schema = z.object({
  q: z._default(z.string(), ""),
  state: z.catch(z.optional(z.enum(["active", "expired"])), undefined),
  id: z.optional(z.string()),
});

describe("useUrlState", () => {
  beforeEach(() => {
    window.history.replaceState(null, "", "/payment-links");
  });

  it("keeps both of two updates made before the page has rendered the first", () => {
    const { result } = renderHook(() => useUrlState(schema));
    act(() => result.current[1]({ q: "curso" }));
    act(() => result.current[1]({ id: "pl_1" }));
    expect(address()).toBe("/payment-links?q=curso&id=pl_1");
  });

  it("shows what it wrote at once, before useSearchParams has it (Next.js updates it in a transition)", () => {
    const { result } = renderHook(() => useUrlState(schema));
    act(() => result.current[1]({ state: "active", q: "curso" }));
    // useSearchParams (mocked above) still answers "": the state is the address just written.
    expect(result.current[0]).toMatchObject({ state: "active", q: "curso" });
    act(() => result.current[2]());
    expect(result.current[0].state).toBeUndefined();
    expect(result.current[0].q).toBe("");
  });

  it("drops values equal to their default and removes cleared ones", () => {
    const { result } = renderHook(() => useUrlState(schema));
    act(() => result.current[2]());
    expect(address()).toBe("/payment-links");
    act(() => result.current[1]({ state: "active", q: "" }));
    expect(address()).toBe("/payment-links?state=active");
    act(() => result.current[1]({ state: null }));
    expect(address()).toBe("/payment-links");
  });
});

describe("useUrlState and the history", () => {
  beforeEach(() => {
    window.history.replaceState(null, "", "/payment-links?keep=1");
  });

  it("replaces the entry by default and pushes one when asked, keeping keys it does not know", () => {
    const entries = window.history.length;
    const filters = renderHook(() => useUrlState(schema));
    act(() => filters.result.current[1]({ q: "curso" }));
    expect(window.history.length).toBe(entries);
    expect(address()).toBe("/payment-links?keep=1&q=curso");

    const selection = renderHook(() => useUrlState(schema, { history: "push" }));
    act(() => selection.result.current[1]({ id: "pl_1" }));
    expect(window.history.length).toBe(entries + 1);
    expect(address()).toBe("/payment-links?keep=1&q=curso&id=pl_1");
  });

  const selectionSchema = z.object({ id: z.optional(z.string()) });
  /** Resolves when the browser has moved to another entry (history.back is asynchronous). */
  const popped = () =>
    new Promise<void>((resolve) => window.addEventListener("popstate", () => resolve(), { once: true }));

  it("closing what it opened goes back to the entry it was opened from: Back after closing leaves the page", async () => {
    const entries = window.history.length;
    const selection = renderHook(() => useUrlState(selectionSchema, { history: "push" }));
    act(() => selection.result.current[1]({ id: "pl_1" }));
    expect(window.history.length).toBe(entries + 1);
    expect(address()).toBe("/payment-links?keep=1&id=pl_1");

    const back = popped();
    act(() => selection.result.current[1]({ id: null }));
    await back;
    expect(address()).toBe("/payment-links?keep=1");
    // Back where it was opened from: the same entry, so the next Back leaves the page.
    expect(window.history.state).toBeNull();
  });

  it("closing what the page arrived with (a shared link) replaces the address: nothing is added to Back", () => {
    window.history.replaceState(null, "", "/payment-links?keep=1&id=pl_shared");
    const entries = window.history.length;
    const selection = renderHook(() => useUrlState(selectionSchema, { history: "push" }));
    act(() => selection.result.current[1]({ id: null }));
    expect(address()).toBe("/payment-links?keep=1");
    expect(window.history.length).toBe(entries);
  });

  it("a filter changed while a drawer is open is kept: closing replaces the address instead of going back", () => {
    const selection = renderHook(() => useUrlState(selectionSchema, { history: "push" }));
    const filters = renderHook(() => useUrlState(schema));
    act(() => selection.result.current[1]({ id: "pl_1" }));
    act(() => filters.result.current[1]({ q: "curso" }));
    expect(address()).toBe("/payment-links?keep=1&id=pl_1&q=curso");
    const entries = window.history.length;
    act(() => selection.result.current[1]({ id: null }));
    expect(address()).toBe("/payment-links?keep=1&q=curso");
    expect(window.history.length).toBe(entries);
  });

  it("two closes before the browser has moved go back one step, not off the page", async () => {
    window.history.pushState(null, "", "/elsewhere");
    window.history.pushState(null, "", "/payment-links?keep=1");
    const selection = renderHook(() => useUrlState(selectionSchema, { history: "push" }));
    act(() => selection.result.current[1]({ id: "pl_1" }));
    const goingBack = vi.spyOn(window.history, "back");
    const back = popped();
    act(() => {
      selection.result.current[1]({ id: null });
      selection.result.current[1]({ id: null });
    });
    await back;
    // One step back asked for, however many closes: the second one only replaced the address.
    expect(goingBack).toHaveBeenCalledTimes(1);
    goingBack.mockRestore();
    expect(address()).toBe("/payment-links?keep=1");
  });

  it("a mark left by another page load (a reload since) is not followed: closing replaces the address", () => {
    window.history.replaceState(
      { urlStatePushedFrom: "/payment-links?keep=1", urlStatePage: "an-earlier-load" },
      "",
      "/payment-links?keep=1&id=pl_1",
    );
    const entries = window.history.length;
    const selection = renderHook(() => useUrlState(selectionSchema, { history: "push" }));
    act(() => selection.result.current[1]({ id: null }));
    expect(address()).toBe("/payment-links?keep=1");
    expect(window.history.length).toBe(entries);
  });

  it("closing with nothing open, or opening what is open, changes nothing", async () => {
    const selection = renderHook(() => useUrlState(selectionSchema, { history: "push" }));
    act(() => selection.result.current[1]({ id: null }));
    expect(address()).toBe("/payment-links?keep=1");
    act(() => selection.result.current[1]({ id: "pl_1" }));
    act(() => selection.result.current[1]({ id: "pl_1" }));
    // One entry for the open item: Back lands on the list, not on a second copy of it.
    const back = popped();
    window.history.back();
    await back;
    expect(address()).toBe("/payment-links?keep=1");
  });

  it("an address spelt another way (a hand-written link) still counts as the one it was opened from", async () => {
    window.history.replaceState(null, "", "/payment-links?keep=a%20b");
    const selection = renderHook(() => useUrlState(selectionSchema, { history: "push" }));
    act(() => selection.result.current[1]({ id: "pl_1" }));
    const back = popped();
    act(() => selection.result.current[1]({ id: null }));
    await back;
    expect(address()).toBe("/payment-links?keep=a%20b");
  });
});
