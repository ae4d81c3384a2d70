/**
 * The three "new …" pages share one layout: under the page header, one column of one width, left-aligned
 * with the header (not one page centred, one left-aligned and one full width).
 */
import { screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { PaymentLinkForm } from "@/components/payment-links/payment-link-form";
import { NewBatchFlow } from "@/components/payout-batches/new-batch-flow";
import { NewPayoutFlow } from "@/components/payouts/new-payout-flow";
import { FORM_PAGE_WIDTH } from "@/components/ui/form-page";
import { renderWithProviders } from "../helpers/render";

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);

beforeEach(() => {
  // Nothing needs an answer to lay the page out.
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined)),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const PAGES: Array<[string, () => ReactElement]> = [
  ["new payment link", () => <PaymentLinkForm baseUrl="https://pay.example.com/l/" />],
  ["new payout", () => <NewPayoutFlow />],
  ["new batch", () => <NewBatchFlow />],
];

it.each(PAGES)("the %s page puts its form in the shared column, right under the header", (_, page) => {
  const { container } = renderWithProviders(page(), { role: "operator" });
  expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
  const header = container.querySelector("[data-slot=page-header]");
  const column = header?.nextElementSibling;
  expect(column).toHaveAttribute("data-slot", "form-page");
  expect(column?.className.split(/\s+/)).toContain(FORM_PAGE_WIDTH);
  // Left-aligned with the header: no page centres its column on its own.
  expect(column?.className).not.toMatch(/\bmx-auto\b/);
  expect(column?.querySelector("form, [data-testid$=step-title]")).not.toBeNull();
});
