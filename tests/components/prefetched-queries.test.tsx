/**
 * The browser side of a server-rendered page's first data (app/(dashboard)/_prefetch):
 * the view shows it on its first render; fresh data is not fetched again, while a
 * list handed over as its first page only is marked partial and loaded whole at once.
 */
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { prefetched, WithPrefetched } from "@/app/(dashboard)/_prefetch/prefetched";
import { makeQueryClient } from "@/lib/browser/query/client";
import { isPartialList } from "@/lib/browser/query/paged-list";
import { paymentLinksQuery } from "@/lib/browser/query/payment-links";
import { payoutDetailSchema, payoutQuery } from "@/lib/browser/query/payouts";
import { PaymentLinkSchema } from "@/lib/shared/schemas/payment-link";
import { settle } from "../helpers/clock";
import { stubFetchEachTest } from "../helpers/fetch-stub";

const link = (i: number) =>
  PaymentLinkSchema.parse({
    id: `pl_${i}`,
    name: `Link ${i}`,
    slug: `link-${i}`,
    status: "active",
    amount_centavos: 1000 + i,
  });
const payout = payoutDetailSchema.parse({ id: "po_1", status: "paid", amount_centavos: 150_000 });

function PayoutProbe() {
  const query = useQuery(payoutQuery("po_1"));
  return <p data-testid="payout">{query.data ? `${query.data.id} ${query.data.amount_centavos}` : "loading"}</p>;
}

function LinksProbe() {
  const query = useQuery(paymentLinksQuery());
  return (
    <p data-testid="links">
      {query.data ? `${query.data.length} ${isPartialList(query.data) ? "partial" : "whole"}` : "loading"}
    </p>
  );
}

const fetchSpy = stubFetchEachTest();

describe("a page's first data from the server", () => {
  it("is on screen at the first render and not fetched again while fresh", async () => {
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <WithPrefetched entries={[prefetched(payoutQuery("po_1").queryKey, payout), null]}>
          <PayoutProbe />
        </WithPrefetched>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId("payout")).toHaveTextContent("po_1 150000");
    // A refetch on mount would start in an effect: those have run once ready work has settled.
    await settle();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a first page shows at once as partial, and the whole list replaces it", async () => {
    const lines = [{ page: [link(1), link(2)] }, { page: [link(3)] }, { done: true, count: 3, request_id: "req_1" }];
    fetchSpy.mockResolvedValue(
      new Response(lines.map((l) => JSON.stringify(l)).join("\n"), {
        headers: { "content-type": "application/x-ndjson" },
      }),
    );
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <WithPrefetched entries={[prefetched(paymentLinksQuery().queryKey, [link(1)], true)]}>
          <LinksProbe />
        </WithPrefetched>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId("links")).toHaveTextContent("1 partial");
    await waitFor(() => expect(screen.getByTestId("links")).toHaveTextContent("3 whole"));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe("/api/payment-links");
  });
});
