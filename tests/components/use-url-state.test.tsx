import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod/mini";

// The Next router lands URL changes asynchronously; this stand-in records them and never lands,
// which is the window in which quick successive updates used to undo each other.
const replaced: string[] = [];
vi.mock("next/navigation", () => ({
  useRouter: () => ({ replace: (href: string) => replaced.push(href), push: (href: string) => replaced.push(href) }),
  usePathname: () => "/payment-links",
  useSearchParams: () => new URLSearchParams(""),
}));

const { useUrlState } = await import("@/lib/browser/hooks/use-url-state");

const schema = z.object({
  q: z._default(z.string(), ""),
  state: z.catch(z.optional(z.enum(["active", "expired"])), undefined),
  id: z.optional(z.string()),
});

describe("useUrlState", () => {
  beforeEach(() => {
    replaced.length = 0;
  });

  it("keeps both of two updates made before the router has landed the first", () => {
    const { result } = renderHook(() => useUrlState(schema));
    act(() => result.current[1]({ q: "curso" }));
    act(() => result.current[1]({ id: "pl_1" }));
    expect(replaced.at(-1)).toBe("/payment-links?q=curso&id=pl_1");
  });

  it("drops values equal to their default and removes cleared ones", () => {
    const { result } = renderHook(() => useUrlState(schema));
    act(() => result.current[2]());
    expect(replaced.at(-1)).toBe("/payment-links");
    act(() => result.current[1]({ state: "active", q: "" }));
    expect(replaced.at(-1)).toBe("/payment-links?state=active");
    act(() => result.current[1]({ state: null }));
    expect(replaced.at(-1)).toBe("/payment-links");
  });
});
