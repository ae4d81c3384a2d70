/**
 * next/navigation for DOM tests of a list whose filters live in the query string: the address is jsdom's own
 * location, router.replace/push move it, useSearchParams follows it.
 *   vi.mock("next/navigation", async () => (await import("../helpers/url-navigation")).urlNavigation("/payouts"));
 * Imported normally, `nav.go(href)` moves the address from the test.
 */
import { useSyncExternalStore } from "react";

const listeners = new Set<() => void>();

export const nav = {
  go(href: string): void {
    window.history.replaceState(null, "", href);
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): string => window.location.search,
};

/** The mocked module for a page at `pathname`. */
export function urlNavigation(pathname: string) {
  return {
    useRouter: () => ({
      replace: nav.go,
      push: nav.go,
      refresh: () => undefined,
      back: () => undefined,
      prefetch: () => undefined,
    }),
    usePathname: () => pathname,
    useSearchParams: () => new URLSearchParams(useSyncExternalStore(nav.subscribe, nav.snapshot, nav.snapshot)),
  };
}
