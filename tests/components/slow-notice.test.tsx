/**
 * A slow payments API is said in words: a list or a payout still loading after SLOW_NOTICE_AFTER_MS says the API
 * is slow and the dashboard is still trying (a polite live region), instead of placeholders alone until the read's
 * deadline. Time moves on the fake clock only.
 */
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createColumnHelper } from "@tanstack/react-table";
import { PayoutDetail } from "@/components/payouts/payout-detail";
import { DataTable } from "@/components/ui/data-table";
import { SLOW_NOTICE_AFTER_MS } from "@/components/ui/slow-notice";
import { renderWithProviders } from "../helpers/render";

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);

const SLOW = "A API de pagamentos está demorando para responder. Ainda tentando…";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  // The API never answers.
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined)),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it("a payout still loading says, after a moment, that the API is slow and the dashboard is still trying", async () => {
  renderWithProviders(<PayoutDetail id="po_slow" />, { role: "support" });
  expect(screen.queryByText(SLOW)).not.toBeInTheDocument();
  await act(async () => {
    vi.advanceTimersByTime(SLOW_NOTICE_AFTER_MS - 1);
  });
  expect(screen.queryByText(SLOW)).not.toBeInTheDocument();
  await act(async () => {
    vi.advanceTimersByTime(1);
  });
  expect(screen.getByText(SLOW).closest('[role="status"]')).toHaveAttribute("aria-live", "polite");
});

it("a list still loading its first page says the same, above its placeholder rows", async () => {
  const column = createColumnHelper<{ id: string }>();
  renderWithProviders(
    <DataTable data={undefined} columns={[column.accessor("id", { header: "ID" })]} label="Cobranças" isLoading />,
  );
  expect(screen.queryByText(SLOW)).not.toBeInTheDocument();
  await act(async () => {
    vi.advanceTimersByTime(SLOW_NOTICE_AFTER_MS);
  });
  expect(screen.getByText(SLOW)).toBeVisible();
});
