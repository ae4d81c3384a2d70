/**
 * next/navigation for DOM tests that render components outside the app router:
 *   vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);
 * The same module imported normally gives the test the router to assert on (its calls are reset per test by
 * `resetRouter`); `usePathname` answers `currentPath`. As in Next.js, `history.replaceState`/`pushState` are the
 * address bar `useSearchParams` follows (filters kept in the URL change it that way), and so are Back and Forward
 * (`popstate`); `addressSearch()` reads it.
 */
import { useSyncExternalStore } from "react";
import { vi } from "vitest";

export const router = {
  push: vi.fn(),
  replace: vi.fn(),
  refresh: vi.fn(),
  back: vi.fn(),
  forward: vi.fn(),
  prefetch: vi.fn(),
};

let currentPath = "/";
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

for (const method of ["pushState", "replaceState"] as const) {
  const original = window.history[method].bind(window.history);
  window.history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
    original(data, unused, url);
    notify();
  };
}

// Back and Forward: Next.js follows the entry the browser moved to.
window.addEventListener("popstate", notify);

/** The address bar's query string, without "?" (what `useSearchParams` answers). */
export function addressSearch(): string {
  return window.location.search.replace(/^\?/, "");
}

/** Calls `listener` whenever the address bar changes (the history methods above). */
export function subscribeAddress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the router's calls, sets the path `usePathname` answers and puts `search` ("?a=b" or "") in the address bar. */
export function resetRouter(path = "/", search = ""): void {
  for (const fn of Object.values(router)) fn.mockReset();
  currentPath = path;
  window.history.replaceState(null, "", `${path}${search}`);
}

export const mockedNavigation = {
  useRouter: () => router,
  usePathname: () => currentPath,
  useSearchParams: () => new URLSearchParams(useSyncExternalStore(subscribeAddress, addressSearch, addressSearch)),
};
