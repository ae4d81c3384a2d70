/**
 * A DOM test file's fetch: one mock, set as the global fetch before each test with no answers and no calls
 * (each test gives it its own with mockResolvedValue / mockImplementation); every global stub comes off after.
 */
import { afterEach, beforeEach, vi, type Mock } from "vitest";

export function stubFetchEachTest(): Mock<typeof fetch> {
  const fetchSpy = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchSpy.mockReset();
    vi.stubGlobal("fetch", fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return fetchSpy;
}
