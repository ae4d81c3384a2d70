/**
 * next/navigation for DOM tests of a list whose filters live in the query string, at a fixed path: the address is
 * jsdom's own location, which the history methods and router.replace/push move and useSearchParams follows.
 *   vi.mock("next/navigation", async () => (await import("../helpers/url-navigation")).urlNavigation("/payouts"));
 * Imported normally, `nav.go(href)` moves the address from the test.
 */
import { useSyncExternalStore } from "react";
import { addressSearch, subscribeAddress } from "./next-navigation";

export const nav = {
  go(href: string): void {
    window.history.replaceState(null, "", href);
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
    useSearchParams: () => new URLSearchParams(useSyncExternalStore(subscribeAddress, addressSearch, addressSearch)),
  };
}
