import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OverviewView } from "@/components/overview/overview-view";
import { homePathFor, navItemsFor } from "@/components/shell/nav-items";
import { ok, renderWithProviders, session, stubFetch, type FetchCall } from "../helpers/payouts-dom";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn(), back: vi.fn() }),
  usePathname: () => "/",
  useSearchParams: () => new URLSearchParams(),
}));

let calls: FetchCall[];
const asked = (path: string) => calls.some((call) => call.url.startsWith(path));

beforeEach(() => {
  calls = stubFetch([
    (call) => (call.url.startsWith("/api/payouts/attention") ? ok({ needs_review: 0, in_progress: 0 }) : undefined),
    (call) => (call.url.startsWith("/api/payouts?") ? ok({ items: [], next_cursor: null }) : undefined),
    (call) => (call.url.startsWith("/api/chargebacks") ? ok([]) : undefined),
    (call) => (call.url.startsWith("/api/payment-links") ? ok([]) : undefined),
    (call) =>
      call.url.startsWith("/api/insights/overview")
        ? ok({
            as_of: "2026-11-22T15:00:00.000Z",
            zone: "America/Sao_Paulo",
            sent_today: null,
            needs_review: null,
            disputes_due_72h: null,
            links_revenue_week: null,
          })
        : undefined,
    (call) => (call.url.startsWith("/api/session") ? ok(session("operator")) : undefined),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the overview shows each role only the cards it may read", () => {
  it("finance: disputes and payouts, no payment links (and no request for them)", async () => {
    renderWithProviders(<OverviewView />, { role: "finance" });
    expect(await screen.findByRole("region", { name: "Contestações com prazo mais próximo" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Últimos repasses" })).toBeInTheDocument();
    await waitFor(() => expect(asked("/api/chargebacks")).toBe(true));
    expect(screen.queryByRole("region", { name: "Links de pagamento" })).not.toBeInTheDocument();
    expect(asked("/api/payment-links")).toBe(false);
  });

  it("operator: payment links and payouts, no disputes (and no request for them)", async () => {
    renderWithProviders(<OverviewView />, { role: "operator" });
    expect(await screen.findByRole("region", { name: "Links de pagamento" })).toBeInTheDocument();
    await waitFor(() => expect(asked("/api/payment-links")).toBe(true));
    expect(screen.queryByRole("region", { name: "Contestações com prazo mais próximo" })).not.toBeInTheDocument();
    expect(asked("/api/chargebacks")).toBe(false);
  });

  it("owner: every card", async () => {
    renderWithProviders(<OverviewView />, { role: "owner" });
    expect(await screen.findByRole("region", { name: "Links de pagamento" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Contestações com prazo mais próximo" })).toBeInTheDocument();
  });
});

describe("each role's home and sections", () => {
  it.each([
    [
      "owner",
      "/",
      [
        "/",
        "/payouts",
        "/payouts/batch",
        "/insights",
        "/payment-links",
        "/subaccounts",
        "/chargebacks",
        "/activity",
        "/members",
        "/settings",
      ],
    ],
    [
      "admin",
      "/",
      [
        "/",
        "/payouts",
        "/payouts/batch",
        "/insights",
        "/payment-links",
        "/subaccounts",
        "/chargebacks",
        "/activity",
        "/members",
        "/settings",
      ],
    ],
    ["operator", "/", ["/", "/payouts", "/payouts/batch", "/insights", "/payment-links", "/subaccounts"]],
    ["finance", "/", ["/", "/payouts", "/insights", "/chargebacks", "/activity"]],
    ["support", "/payouts", ["/payouts"]],
  ] as const)("%s lands on %s and sees %j", (role, home, sections) => {
    expect(homePathFor(role)).toBe(home);
    expect(navItemsFor(role).map((item) => item.href)).toEqual(sections);
  });
});
