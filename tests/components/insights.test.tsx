/**
 * The insights pages' parts on fixture data of the contract (lib/shared/schemas/insights.ts): the payouts table
 * shows every point and its totals row is their sum to the centavo, each outcome links to exactly those register
 * rows, a figure without a previous period shows "—", the charts are labelled pictures, the due buckets link to
 * the chargebacks list, the funnel's rates, and the window picker writes the URL.
 */
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import BarSeriesChart from "@/components/insights/bar-chart";
import { DisputeInsightsBody } from "@/components/insights/dispute-insights-view";
import { DisputesDue } from "@/components/insights/disputes-due";
import { FailureReasons } from "@/components/insights/failure-reasons";
import { FunnelSteps } from "@/components/insights/funnel-steps";
import { windowQueryFromSearch, withoutBucket } from "@/components/insights/insight-model";
import { PayoutSeriesChart } from "@/components/insights/payout-series-chart";
import { PayoutSeriesTable } from "@/components/insights/payout-series-table";
import { TrendHint } from "@/components/insights/trend";
import { WindowPicker } from "@/components/insights/window-picker";
import { InsightsTabs } from "@/components/insights/insights-tabs";
import { LinkInsightsBody } from "@/components/insights/link-insights-view";
import { LinkRankTable } from "@/components/insights/links-funnel";
import { PayoutInsightsView } from "@/components/insights/payout-insights-view";
import { INSIGHTS_FIRST_FIGURE } from "@/lib/shared/insights/timing";
import { InsightFigures } from "@/components/overview/insight-figures";
import { insightsQuery } from "@/lib/browser/query/insights";
import { formatMoney } from "@/lib/shared/format/number";
import { PAYOUT_OUTCOMES } from "@/lib/shared/schemas/insights";
import { newQueryClient, ok, renderWithProviders, stubFetch } from "../helpers/payouts-dom";
import { bucketStarts, isWindowRefusal, resolveWindow, windowBuckets } from "@/lib/shared/insights/window";
import type { InsightWindowQuery, ResolvedWindow } from "@/lib/shared/schemas/insights";
import { DISPUTES, figures, payoutInsights, POINTS, WINDOW_7D } from "./insights-fixtures";

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);
const { addressSearch, resetRouter, router } = await import("../helpers/next-navigation");

/** A window as the server resolves it at `now`, in São Paulo. */
function resolved(query: InsightWindowQuery, now: string): ResolvedWindow {
  const window = resolveWindow(query, new Date(now), "America/Sao_Paulo");
  if (isWindowRefusal(window)) throw new Error(`refused: ${window.field}`);
  return window;
}

/** BRL as the page writes it, its no-break space read as a space (as the matchers read the page). */
const brl = (centavos: number) => formatMoney(centavos, "pt-BR").replace(/\s/g, " ");

// jsdom has no ResizeObserver; recharts' ResponsiveContainer needs one once the lazy chart arrives.
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  resetRouter("/insights");
  vi.stubGlobal("ResizeObserver", NoResize);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the payouts series table", () => {
  it("shows every point, empty ones included, and a totals row that is their sum to the centavo", () => {
    renderWithProviders(<PayoutSeriesTable points={POINTS} window={WINDOW_7D} />);
    const table = screen.getByRole("table", { name: "Repasses por ponto do período, com totais" });
    const body = within(table).getAllByRole("rowgroup")[1] as HTMLElement;
    expect(within(body).getAllByRole("row")).toHaveLength(POINTS.length);

    const totals = screen.getByTestId("payout-series-totals");
    const cells = within(totals).getAllByRole("cell");
    // count, amount, fee, net, then each outcome's count and amount.
    expect(cells[0]).toHaveTextContent("8");
    expect(cells[1]).toHaveTextContent(brl(150_001 + 9_999 + 33 + 100_000 + 1 + 7_777));
    expect(cells[2]).toHaveTextContent(brl(199 + 3));
    expect(cells[3]).toHaveTextContent(brl(149_802 + 30));
    PAYOUT_OUTCOMES.forEach((outcome, i) => {
      const cell = cells[4 + i] as HTMLElement;
      const count = POINTS.reduce((s, p) => s + p.outcomes[outcome].count, 0);
      const amount = POINTS.reduce((s, p) => s + p.outcomes[outcome].amount_centavos, 0);
      expect(cell.textContent?.replace(/\s/g, " "), outcome).toBe(`${count}${brl(amount)}`);
    });
    // The odd centavos of every row add up exactly.
    expect(cells[1]).toHaveTextContent(brl(267_811));
  });

  it("links each outcome of a day to the register filtered to that outcome and day, and the totals to the window", () => {
    renderWithProviders(<PayoutSeriesTable points={POINTS} window={WINDOW_7D} />);
    const failedLinks = screen.getAllByRole("link").filter((a) => a.getAttribute("data-outcome") === "failed");
    expect(failedLinks.map((a) => a.getAttribute("href"))).toEqual([
      "/payouts?outcome=failed&from=2026-11-20&to=2026-11-20",
      "/payouts?outcome=failed&from=2026-11-22&to=2026-11-22",
      "/payouts?outcome=failed&from=2026-11-20&to=2026-11-22",
    ]);
    // An outcome with no payouts in a point is a number, not a link to an empty register.
    const emptyDay = screen.getAllByRole("row").find((row) => row.getAttribute("data-point") === POINTS[1]?.start);
    expect(within(emptyDay as HTMLElement).queryAllByRole("link")).toHaveLength(0);
  });

  it("links each hour of today to the register over exactly that hour, the last one up to the window's end", () => {
    const today = resolved({ window: "today" }, "2026-11-22T15:20:00.000Z");
    expect(today.bucket).toBe("hour");
    const slots = windowBuckets(today);
    const points = slots.map((slot, i) => ({
      start: slot.start,
      ...figures(i % 5 === 0 ? { failed: [1, 100] } : {}, 0, 0),
    }));
    renderWithProviders(<PayoutSeriesTable points={points} window={today} />);
    const failed = screen.getAllByRole("link").filter((a) => a.getAttribute("data-outcome") === "failed");
    const hrefs = failed.map((a) => new URL(a.getAttribute("href") ?? "", "http://x"));
    const linked = slots.flatMap((slot, i) => (i % 5 === 0 ? [i] : []));
    // One link per hour with a failed payout, then the totals' link to the whole day.
    expect(hrefs).toHaveLength(linked.length + 1);
    linked.forEach((i, n) => {
      const url = hrefs[n] as URL;
      expect(url.searchParams.get("outcome")).toBe("failed");
      expect(url.searchParams.get("since")).toBe(slots[i]?.start);
      expect(url.searchParams.get("until")).toBe(slots[i + 1]?.start ?? today.to);
    });
    // The hour 00:00 of São Paulo (03:00Z) to 01:00; today ends at now, 12:20 there.
    expect(hrefs[0]?.searchParams.get("since")).toBe("2026-11-22T03:00:00.000Z");
    expect(hrefs[0]?.searchParams.get("until")).toBe("2026-11-22T04:00:00.000Z");
    expect(hrefs.at(-1)?.search).toBe("?outcome=failed&from=2026-11-22&to=2026-11-22");
    expect(screen.queryByTestId("payout-series-unlinked")).toBeNull();
  });

  it("links the last hour to its exact period, per five minutes and in the totals", () => {
    const lastHour = resolved({ window: "1h" }, "2026-11-22T15:03:20.000Z");
    const slots = windowBuckets(lastHour);
    const points = slots.map((slot) => ({ start: slot.start, ...figures({ paid: [1, 10] }, 0, 0) }));
    renderWithProviders(<PayoutSeriesTable points={points} window={lastHour} />);
    const paid = screen.getAllByRole("link").filter((a) => a.getAttribute("data-outcome") === "paid");
    expect(paid).toHaveLength(slots.length + 1);
    // The first point begins where the window does (14:03:20Z), inside its five minutes.
    expect(paid[0]).toHaveAttribute(
      "href",
      `/payouts?outcome=paid&since=${encodeURIComponent(lastHour.from)}&until=${encodeURIComponent("2026-11-22T14:05:00.000Z")}`,
    );
    expect(paid.at(-1)).toHaveAttribute(
      "href",
      `/payouts?outcome=paid&since=${encodeURIComponent(lastHour.from)}&until=${encodeURIComponent(lastHour.to)}`,
    );
  });

  it("leaves unlinked only a five-minute point the clocks repeat (two periods), saying why", () => {
    // São Paulo's clocks went back at 24:00 on 2019-02-16: the last hour to 02:52Z holds 23:50 twice.
    const lastHour = resolved({ window: "1h" }, "2019-02-17T02:52:00.000Z");
    const slots = windowBuckets(lastHour);
    const repeated = slots.find((slot) => slot.key.endsWith("23:50"));
    expect(bucketStarts(lastHour).filter((s) => slots[s.point] === repeated)).toHaveLength(2);
    const points = slots.map((slot) => ({ start: slot.start, ...figures({ paid: [1, 10] }, 0, 0) }));
    renderWithProviders(<PayoutSeriesTable points={points} window={lastHour} />);
    const row = screen.getAllByRole("row").find((r) => r.getAttribute("data-point") === repeated?.start);
    expect(within(row as HTMLElement).queryAllByRole("link")).toHaveLength(0);
    const others = screen.getAllByRole("link").filter((a) => a.getAttribute("data-outcome") === "paid");
    expect(others).toHaveLength(slots.length); // every other point, and the totals
    expect(screen.getByTestId("payout-series-unlinked")).toHaveTextContent("dois intervalos");
  });

  it("links an hour the clocks repeat as one period: its two hours follow each other", () => {
    // 2019-02-16 in São Paulo: 23:00 came at 01:00Z (UTC−2) and again at 02:00Z (UTC−3); the day ends at 03:00Z.
    const day = resolved(
      { window: "custom", from: "2019-02-16", to: "2019-02-16", bucket: "hour" },
      "2019-03-01T12:00:00Z",
    );
    const slots = windowBuckets(day);
    const points = slots.map((slot) => ({ start: slot.start, ...figures({ failed: [1, 5] }, 0, 0) }));
    renderWithProviders(<PayoutSeriesTable points={points} window={day} />);
    const last = screen.getAllByRole("row").find((r) => r.getAttribute("data-point") === "2019-02-17T01:00:00.000Z");
    expect(within(last as HTMLElement).getByRole("link")).toHaveAttribute(
      "href",
      `/payouts?outcome=failed&since=${encodeURIComponent("2019-02-17T01:00:00.000Z")}&until=${encodeURIComponent("2019-02-17T03:00:00.000Z")}`,
    );
    expect(screen.queryByTestId("payout-series-unlinked")).toBeNull();
  });

  it("says nothing about links when every figure opens its rows (whole days)", () => {
    renderWithProviders(<PayoutSeriesTable points={POINTS} window={WINDOW_7D} />);
    expect(screen.queryByTestId("payout-series-unlinked")).toBeNull();
  });
});

describe("the failure reasons", () => {
  it("link each outcome to the window's days in the register, and over the last hour to its exact period", () => {
    const reasons = payoutInsights().reasons;
    const { unmount } = renderWithProviders(<FailureReasons reasons={reasons} window={WINDOW_7D} />);
    expect(screen.getAllByRole("link", { name: "Falharam" })[0]).toHaveAttribute(
      "href",
      "/payouts?outcome=failed&from=2026-11-20&to=2026-11-22",
    );
    unmount();
    const lastHour = resolved({ window: "1h" }, "2026-11-22T15:03:20.000Z");
    renderWithProviders(<FailureReasons reasons={reasons} window={lastHour} />);
    expect(screen.getAllByRole("link", { name: "Falharam" })[0]).toHaveAttribute(
      "href",
      `/payouts?outcome=failed&since=${encodeURIComponent(lastHour.from)}&until=${encodeURIComponent(lastHour.to)}`,
    );
  });
});

describe("the payouts chart", () => {
  it("is a labelled picture summing up the series, and toggles between count and amount", async () => {
    const { user } = renderWithProviders(<PayoutSeriesChart points={POINTS} window={WINDOW_7D} />);
    const chart = screen.getByRole("img");
    expect(chart).toHaveAccessibleName(
      /8 repasses, R\$\s2\.678,11, em 3 pontos\. Maior ponto: 22 de nov\., com 5 repasses\./,
    );
    await user.click(screen.getByRole("button", { name: "Valor" }));
    expect(screen.getByRole("button", { name: "Valor" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("img")).toHaveAccessibleName(/Maior ponto: 20 de nov\., com R\$\s1\.600,00\./);
  });
});

describe("the chart module (loaded lazily in the app)", () => {
  it("draws its series in the theme's variables, so dark mode recolors it", async () => {
    // jsdom lays nothing out: the container says it is 600 × 200, as a browser would measure it.
    class Measured {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        const entry = { contentRect: { width: 600, height: 200 }, target } as unknown as ResizeObserverEntry;
        this.report([entry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal("ResizeObserver", Measured);
    const { container } = renderWithProviders(
      <BarSeriesChart
        rows={[
          { label: "20/11", values: { paid: 3, failed: 1 } },
          { label: "21/11", values: { paid: 1, failed: 2 } },
        ]}
        series={[
          { key: "paid", label: "Pagos", color: "var(--chart-1)" },
          { key: "failed", label: "Falharam", color: "var(--chart-3)" },
        ]}
        stacked
        height={200}
        formatValue={String}
      />,
    );
    await vi.waitFor(() => expect(container.querySelector("svg.recharts-surface")).not.toBeNull());
    const fills = new Set([...container.querySelectorAll("[fill]")].map((el) => el.getAttribute("fill")));
    expect(fills).toContain("var(--chart-1)");
    expect(fills).toContain("var(--chart-3)");
    expect([...fills].filter((fill) => fill?.startsWith("#"))).toEqual([]);
  });
});

describe("trends", () => {
  it("shows — when there is no previous period, and the change otherwise", () => {
    renderWithProviders(
      <>
        <p data-testid="none">
          <TrendHint current={10} previous={null} />
        </p>
        <p data-testid="up">
          <TrendHint current={150} previous={100} />
        </p>
        <p data-testid="down">
          <TrendHint current={75} previous={100} />
        </p>
      </>,
    );
    expect(screen.getByTestId("none")).toHaveTextContent("—");
    // Said in words to a screen reader (text, not an aria-label on a span without a role, which is not read).
    const none = within(screen.getByTestId("none"));
    expect(none.getByText("Sem período anterior para comparar")).toHaveClass("sr-only");
    expect(none.getByText("—")).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByTestId("none").querySelector("[aria-label]")).toBeNull();
    expect(screen.getByTestId("up")).toHaveTextContent(/↑\s50%/);
    expect(screen.getByTestId("up")).toHaveTextContent("alta de 50% sobre o período anterior");
    expect(screen.getByTestId("down")).toHaveTextContent(/↓\s25%/);
  });
});

describe("disputes by due day", () => {
  it("lists every bucket with its count and links each to the chargebacks list filtered to exactly those cases", () => {
    renderWithProviders(<DisputesDue groups={DISPUTES.by_due} zone={DISPUTES.zone} />);
    const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    expect(href("Prazo vencido")).toBe("/chargebacks?deadline=overdue");
    expect(href("Vence hoje")).toBe("/chargebacks?deadline=today");
    expect(href("Em 1 a 3 dias")).toBe("/chargebacks?deadline=3d");
    expect(href("Em 4 a 7 dias")).toBe("/chargebacks?deadline=7d");
    expect(href("Sem prazo")).toBe("/chargebacks?deadline=none");
    expect(screen.getByRole("img")).toHaveAccessibleName(/9 aguardando resposta, R\$\s900,09; 2 com prazo vencido/);
    const footer = screen.getAllByRole("rowgroup")[2] as HTMLElement;
    expect(footer).toHaveTextContent(`Total9${brl(90_009)}`);
  });
});

describe("the disputes insights", () => {
  it("say what is open and at risk, by due day, kind and status, in the dashboard's words", () => {
    renderWithProviders(<DisputeInsightsBody data={DISPUTES} />);
    expect(screen.getByText("Vencem em até 72 h").closest("[data-slot=stat-card]")).toHaveTextContent(
      `Vencem em até 72 h6${brl(50_005)} em risco`,
    );
    expect(screen.getByRole("table", { name: "Abertas por tipo" })).toHaveTextContent("MED Pix");
    expect(screen.getByRole("table", { name: "Abertas por situação" })).toHaveTextContent("Aguardando resposta");
    expect(
      screen.getByText(/Só as contestações que aguardam sua resposta; cada faixa abre a lista/),
    ).toBeInTheDocument();
    // The zone in words, as every page names it, not its IANA id.
    expect(screen.getByText(/, por dia em Brasília \/ São Paulo\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/America\/Sao_Paulo/)).toBeNull();
  });
});

describe("a funnel", () => {
  it("gives each step's share of the step before and the conversion of visits into sales", () => {
    renderWithProviders(<FunnelSteps funnel={{ visits: 200, checkouts_started: 50, sales: 10 }} />);
    expect(screen.getByText("25% das visitas")).toBeInTheDocument();
    expect(screen.getByText("20% dos checkouts")).toBeInTheDocument();
    expect(screen.getByText("Conversão (vendas sobre visitas): 5%")).toBeInTheDocument();
  });

  it("shows — for a rate whose step before is 0", () => {
    renderWithProviders(<FunnelSteps funnel={{ visits: 0, checkouts_started: 0, sales: 0 }} />);
    expect(screen.getByText("— das visitas")).toBeInTheDocument();
    expect(screen.getByText("Conversão (vendas sobre visitas): —")).toBeInTheDocument();
  });
});

describe("the links insights", () => {
  const rank = (id: string, name: string | null, visits: number, sales: number, revenue: number) => ({
    id,
    name,
    status: "active",
    visits,
    checkouts_started: sales * 2,
    sales,
    revenue_centavos: revenue,
    checkout_rate: visits ? (sales * 2) / visits : null,
    sale_rate: sales ? 0.5 : null,
    conversion: visits ? sales / visits : null,
  });

  it("ranks links with rows that open each link, and says since when revenue is watched before it can compare", () => {
    renderWithProviders(
      <LinkInsightsBody
        data={{
          window: WINDOW_7D,
          funnel: {
            visits: 400,
            checkouts_started: 100,
            sales: 20,
            revenue_centavos: 123_456,
            checkout_rate: 0.25,
            sale_rate: 0.2,
            conversion: 0.05,
          },
          top: [rank("pl_1", "Curso", 300, 15, 100_000), rank("pl_2", null, 100, 5, 23_456)],
          worst: [rank("pl_2", null, 100, 5, 23_456)],
          revenue_in_window: null,
          revenue_in_previous: null,
          observed_since: "2026-11-21T12:00:00.000Z",
          measured_from: null,
          previous_measured_from: null,
          links: 2,
          skipped: 0,
        }}
      />,
      { role: "operator" },
    );
    const top = screen.getByRole("table", { name: "Links com mais receita" });
    expect(within(top).getByRole("link", { name: "Curso" })).toHaveAttribute("href", "/payment-links?id=pl_1");
    // A link without a name is named by its id.
    expect(within(top).getByRole("link", { name: "pl_2" })).toHaveAttribute("href", "/payment-links?id=pl_2");
    expect(within(top).getAllByRole("row")[1]).toHaveTextContent("5%");
    expect(screen.getByText(/^O painel acompanha os links desde 21\/11\/2026/)).toBeInTheDocument();
    expect(screen.getByText("De 2 links")).toBeInTheDocument();
    expect(screen.getByText("25% das visitas")).toBeInTheDocument();
  });

  it("names links as plain text for finance, who reads the insights but may not open the links list", () => {
    const links = [rank("pl_1", "Curso", 300, 15, 100_000), rank("pl_2", null, 100, 5, 23_456)];
    const { unmount } = renderWithProviders(<LinkRankTable links={links} label="Ranking" />, { role: "operator" });
    expect(screen.getByRole("link", { name: "Curso" })).toHaveAttribute("href", "/payment-links?id=pl_1");
    unmount();
    renderWithProviders(<LinkRankTable links={links} label="Ranking" />, { role: "finance" });
    const table = screen.getByRole("table", { name: "Ranking" });
    expect(within(table).queryAllByRole("link")).toHaveLength(0);
    expect(within(table).getByRole("rowheader", { name: "Curso" })).toBeInTheDocument();
    expect(within(table).getByRole("rowheader", { name: "pl_2" })).toBeInTheDocument();
  });

  it("says from when revenue was seen, with no trend, when the dashboard was not watching as the window began", () => {
    const funnel = { visits: 10, checkouts_started: 4, sales: 2, revenue_centavos: 5_000 };
    renderWithProviders(
      <LinkInsightsBody
        data={{
          window: WINDOW_7D,
          funnel: { ...funnel, checkout_rate: 0.4, sale_rate: 0.5, conversion: 0.2 },
          top: [],
          worst: [],
          revenue_in_window: { count: 2, amount_centavos: 5_000 },
          revenue_in_previous: { count: 1, amount_centavos: 1_000 },
          observed_since: "2026-11-20T15:00:00.000Z",
          measured_from: "2026-11-20T15:00:00.000Z",
          previous_measured_from: null,
          links: 1,
          skipped: 0,
        }}
      />,
    );
    expect(screen.getByText(/^Receita vista desde 20\/11\/2026/)).toBeInTheDocument();
    expect(screen.queryByText(/sobre o período anterior/)).not.toBeInTheDocument();
  });
});

describe("the window picker", () => {
  it("writes the window into the URL (replacing, so the back button is not flooded)", async () => {
    const { user } = renderWithProviders(<WindowPicker />);
    const entries = window.history.length;
    await user.selectOptions(screen.getByLabelText("Período"), "7d");
    expect(addressSearch()).toBe("window=7d");
    await user.selectOptions(screen.getByLabelText("Agrupar por"), "week");
    expect(addressSearch()).toBe("window=7d&bucket=week");
    expect(screen.getByLabelText("Período")).toHaveValue("7d");
    expect(window.history.length).toBe(entries);
    // The server is asked for nothing: the page's queries follow the URL.
    expect(router.replace).not.toHaveBeenCalled();
    expect(router.push).not.toHaveBeenCalled();
  });

  it("starts chosen days from the days shown, in the business's zone", async () => {
    const { user } = renderWithProviders(<WindowPicker resolved={WINDOW_7D} />);
    expect(
      screen.getByText(/^De 20 de nov\. de 2026 a 22 de nov\. de 2026, dias em Brasília \/ São Paulo \(BRT\)$/),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Período"), "custom");
    expect(addressSearch()).toBe("window=custom&from=2026-11-20&to=2026-11-22");
  });

  it("and the server page reads the same URL into the same query (days only for a custom window)", () => {
    expect(windowQueryFromSearch({ window: "7d", from: "2026-11-01", bucket: "day" })).toEqual({
      window: "7d",
      bucket: "day",
    });
    expect(windowQueryFromSearch({ window: "custom", from: "2026-11-01", to: "2026-11-10" })).toEqual({
      window: "custom",
      from: "2026-11-01",
      to: "2026-11-10",
    });
    expect(windowQueryFromSearch({ window: "forever", bucket: "year" })).toEqual({ window: "30d" });
    // The links draw no series: a bucket left in the URL by the payouts tab is not part of their query.
    expect(withoutBucket(windowQueryFromSearch({ window: "90d", bucket: "5m" }))).toEqual({ window: "90d" });
  });
});

describe("the payouts insights page", () => {
  it("renders the server's first data without asking again: figures with trends, table, reasons and batch share", () => {
    const calls = stubFetch([]);
    const client = newQueryClient({ staleTime: 15_000 });
    client.setQueryData(insightsQuery.payouts({ window: "30d" }).queryKey, payoutInsights());
    renderWithProviders(<PayoutInsightsView />, { role: "finance", client });
    expect(screen.getByRole("heading", { level: 1, name: "Indicadores" })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Repasses por ponto do período, com totais" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: /Gráfico de barras empilhadas/ })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Motivos de falha e recusa" })).toHaveTextContent("invalid_pix_key");
    expect(screen.getByTestId("batch-share")).toHaveTextContent(`2 de 8 (25%)`);
    // 8 payouts against 4 the window before: up 100 %.
    expect(screen.getByText("alta de 100% sobre o período anterior")).toBeInTheDocument();
    // The first figure's value is the one whose first paint bench row k times.
    const timed = document.querySelectorAll(`[elementtiming="${INSIGHTS_FIRST_FIGURE}"]`);
    expect(timed).toHaveLength(1);
    expect(timed[0]).toHaveTextContent(/^8$/);
    expect(calls).toEqual([]);
  });

  it("shows — on every figure when the register does not cover the previous window (previous null)", () => {
    const client = newQueryClient({ staleTime: 15_000 });
    client.setQueryData(insightsQuery.payouts({ window: "30d" }).queryKey, payoutInsights({ previous: null }));
    renderWithProviders(<PayoutInsightsView />, { role: "finance", client });
    expect(document.querySelectorAll('[data-trend="none"]')).toHaveLength(4);
    expect(document.querySelector('[data-trend="up"]')).toBeNull();
  });

  it("shows each role only the sections it reads", () => {
    const { unmount } = renderWithProviders(<InsightsTabs />, { role: "operator" });
    const tabs = () => within(screen.getByRole("navigation", { name: "Seções dos indicadores" })).getAllByRole("link");
    expect(tabs().map((a) => a.textContent)).toEqual(["Repasses", "Links de pagamento"]);
    expect(tabs()[0]).toHaveAttribute("aria-current", "page");
    unmount();
    renderWithProviders(<InsightsTabs />, { role: "finance" });
    expect(tabs().map((a) => a.textContent)).toEqual(["Repasses", "Contestações", "Links de pagamento"]);
  });
});

describe("the overview's insight figures", () => {
  it("shows each figure the role reads with its trend, — without a previous, and leaves a null section out", async () => {
    stubFetch([
      (call) =>
        call.url.startsWith("/api/insights/overview")
          ? ok({
              as_of: "2026-11-22T15:00:00.000Z",
              zone: "America/Sao_Paulo",
              sent_today: { current: { count: 3, amount_centavos: 30_003 }, previous: null },
              needs_review: { count: 1, amount_centavos: 500 },
              disputes_due_72h: null,
              links_revenue_week: {
                current: { count: 4, amount_centavos: 20_000 },
                previous: { count: 2, amount_centavos: 10_000 },
                observed_since: "2026-11-01T03:00:00.000Z",
              },
            })
          : undefined,
    ]);
    renderWithProviders(<InsightFigures />, { role: "operator" });
    await screen.findByText(brl(30_003));
    const sent = screen.getByRole("link", { name: /Repasses de hoje/ });
    expect(sent).toHaveAttribute("href", "/insights?window=today");
    expect(sent).toHaveTextContent(brl(30_003));
    expect(within(sent).getByText("—")).toBeInTheDocument();
    const links = screen.getByRole("link", { name: /Receita dos links na semana/ });
    expect(links).toHaveTextContent("alta de 100% sobre o período anterior");
    // Each opens a page showing the same number: this week's days (Sunday 2026-11-22: from Monday the 16th), and
    // the register's needs-review list (all time, as the figure).
    expect(links).toHaveAttribute("href", "/insights/payment-links?window=custom&from=2026-11-16&to=2026-11-22");
    expect(screen.getByRole("link", { name: /Precisam de revisão/ })).toHaveAttribute(
      "href",
      "/payouts?state=needs_review",
    );
    expect(screen.queryByText("Contestações que vencem em 72 h")).not.toBeInTheDocument();
  });
});
