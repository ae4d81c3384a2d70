/**
 * next/navigation for DOM tests that render components outside the app router:
 *   vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);
 * The same module imported normally gives the test the router to assert on (its calls are reset per test by
 * `resetRouter`); `usePathname` answers `currentPath`.
 */
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

/** Forgets the router's calls and sets the path `usePathname` answers. */
export function resetRouter(path = "/"): void {
  for (const fn of Object.values(router)) fn.mockReset();
  currentPath = path;
}

export const mockedNavigation = {
  useRouter: () => router,
  usePathname: () => currentPath,
  useSearchParams: () => new URLSearchParams(),
};
