/**
 * The subaccount page while its data loads: the header's placeholders are valid markup (a block inside a <p> is a
 * hydration error in the browser, on every subaccount page), and the page says it is loading.
 */
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { SubaccountDetail } from "@/components/subaccounts/subaccount-detail";
import { renderWithProviders } from "../helpers/render";

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);

beforeEach(() => {
  // Nothing answers: the page stays in its loading state.
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined)),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it("renders its loading state as valid markup: no placeholder inside a paragraph", () => {
  const { container } = renderWithProviders(<SubaccountDetail id="sub_demo_1" />, { role: "operator" });
  expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
  expect(container.querySelector('[data-slot="skeleton"]')).not.toBeNull();
  expect(container.querySelectorAll("p div, p p, p ul, p dl, p table")).toHaveLength(0);
});
