import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PayoutsAttention } from "@/components/overview/payouts-attention";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import { fail, ok, renderWithProviders, session, stubFetch, type FetchCall, type Route } from "../helpers/payouts-dom";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn(), back: vi.fn() }),
  usePathname: () => "/",
  useSearchParams: () => new URLSearchParams(),
}));

let counts: { needs_review: number; in_progress: number };
let calls: FetchCall[];

const attentionRoute: Route = (call) => (call.url.startsWith("/api/payouts/attention") ? ok(counts) : undefined);
const sessionRoute: Route = (call) => (call.url.startsWith("/api/session") ? ok(session("operator")) : undefined);
const attentionCalls = () => calls.filter((c) => c.url.startsWith("/api/payouts/attention"));

beforeEach(() => {
  counts = { needs_review: 2, in_progress: 0 };
  calls = stubFetch([attentionRoute, sessionRoute]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the Payouts entry's badge", () => {
  it("shows an operator how many payouts wait for a person, in the link's name", async () => {
    renderWithProviders(<SidebarNav role="operator" />, { role: "operator" });
    const link = await screen.findByRole("link", { name: /Repasses.*2 repasses aguardam revisão/ });
    expect(link).toHaveAttribute("href", "/payouts");
    expect(screen.getByTestId("payouts-attention-badge")).toHaveTextContent("2");
    expect(attentionCalls()).toHaveLength(1);
    // Only the Payouts entry carries it.
    expect(screen.getAllByTestId("payouts-attention-badge")).toHaveLength(1);
  });

  it("says it in English too, in the singular", async () => {
    counts = { needs_review: 1, in_progress: 0 };
    const { I18nProvider } = await import("@/lib/browser/i18n");
    renderWithProviders(
      <I18nProvider locale="en" timeZone="America/Sao_Paulo">
        <SidebarNav role="operator" />
      </I18nProvider>,
      { role: "operator" },
    );
    expect(await screen.findByRole("link", { name: /Payouts.*1 payout waits for review/ })).toBeInTheDocument();
  });

  it("shows nothing while no payout waits for a person", async () => {
    counts = { needs_review: 0, in_progress: 3 };
    renderWithProviders(<SidebarNav role="operator" />, { role: "operator" });
    await waitFor(() => expect(attentionCalls()).toHaveLength(1));
    expect(screen.getByRole("link", { name: "Repasses" })).toBeInTheDocument();
    expect(screen.queryByTestId("payouts-attention-badge")).not.toBeInTheDocument();
  });

  it("support, who reads the register but nothing else, sees Payouts with its badge and no other section", async () => {
    renderWithProviders(<SidebarNav role="support" />, { role: "support" });
    expect(await screen.findByRole("link", { name: /Repasses.*2 repasses aguardam revisão/ })).toBeInTheDocument();
    expect(screen.getAllByRole("link")).toHaveLength(1);
    expect(attentionCalls()).toHaveLength(1);
  });

  it("finance sees the overview, payouts, insights, chargebacks and activity, but no operator or admin section", async () => {
    renderWithProviders(<SidebarNav role="finance" />, { role: "finance" });
    await screen.findByTestId("payouts-attention-badge");
    const names = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(names).toEqual(["/", "/payouts", "/insights", "/chargebacks", "/activity"]);
  });
});

describe("the overview's alert", () => {
  it("gives the count and links to the register filtered to the payouts waiting for a person", async () => {
    counts = { needs_review: 3, in_progress: 1 };
    renderWithProviders(<PayoutsAttention />, { role: "operator" });
    const region = await screen.findByRole("region", { name: "Repasses aguardando uma pessoa" });
    expect(region).toHaveTextContent("3 repasses com resultado desconhecido aguardam revisão.");
    expect(region).toHaveTextContent("não consegue saber se o dinheiro saiu e não vai adivinhar");
    expect(region).toHaveTextContent("1 repasse ainda está sendo confirmado automaticamente.");
    expect(region).not.toHaveTextContent(/nenhum valor foi enviado|nada foi enviado/i);
    expect(screen.getByRole("link", { name: "Ver no registro" })).toHaveAttribute(
      "href",
      "/payouts?state=needs_review",
    );
  });

  it("is absent when nothing waits, and shows the failure with its request id when the count cannot be read", async () => {
    counts = { needs_review: 0, in_progress: 0 };
    const first = renderWithProviders(<PayoutsAttention />, { role: "operator" });
    await waitFor(() => expect(attentionCalls()).toHaveLength(1));
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
    first.unmount();

    calls = stubFetch([
      (call) =>
        call.url.startsWith("/api/payouts/attention")
          ? fail(503, { code: "upstream_unavailable", message: "down" }, "req_att_1")
          : undefined,
      sessionRoute,
    ]);
    renderWithProviders(<PayoutsAttention />, { role: "operator" });
    expect(await screen.findByText("Não foi possível contar os repasses que aguardam revisão")).toBeInTheDocument();
    expect(screen.getByText("req_att_1")).toBeInTheDocument();
  });

  it("shows a read-only person the count too: they can see the register, only not resolve it", async () => {
    renderWithProviders(<PayoutsAttention />, { role: "finance" });
    expect(await screen.findByRole("region", { name: "Repasses aguardando uma pessoa" })).toBeInTheDocument();
    expect(attentionCalls()).toHaveLength(1);
  });
});
