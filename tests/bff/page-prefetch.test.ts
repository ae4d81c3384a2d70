/**
 * A server-rendered page's first data (app/(dashboard)/_prefetch): read through the
 * route's own service for the page's session, it must be exactly what the browser's
 * query would hold after calling the route, under that query's key; it must respect
 * the route's permission, and any failure or slowness must leave the page to fetch
 * in the browser.
 */
import { isValidElement } from "react";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import * as chargebacksRoute from "@/app/api/chargebacks/route";
import * as paymentLinksRoute from "@/app/api/payment-links/route";
import * as payoutRoute from "@/app/api/payouts/[id]/route";
import * as payoutsRoute from "@/app/api/payouts/route";
import * as subaccountRoute from "@/app/api/subaccounts/[id]/route";
import * as sessionRoute from "@/app/api/session/route";
import { WithPrefetched } from "@/app/(dashboard)/_prefetch/prefetched";
import {
  chargebacksFirstPage,
  knownSubaccount,
  latestPayouts,
  paymentLinksFirstPage,
  payoutDetail,
} from "@/app/(dashboard)/_prefetch/queries";
import { chargebacksQuery } from "@/lib/browser/query/chargebacks";
import { paymentLinksQuery } from "@/lib/browser/query/payment-links";
import { latestPayoutsQuery, payoutDetailSchema, payoutQuery } from "@/lib/browser/query/payouts";
import { subaccountQuery } from "@/lib/browser/query/subaccounts";
import { PREFETCH_BUDGET_MS } from "@/lib/server/pages/prefetch";
import { ChargebackSchema } from "@/lib/shared/schemas/chargeback";
import { FIRST_PAGE_SIZE, PAGED_LIST_TYPE } from "@/lib/shared/schemas/paged-list";
import { PaymentLinkSchema } from "@/lib/shared/schemas/payment-link";
import { registerPageSchema } from "@/lib/shared/schemas/register";
import {
  ACME,
  APP_ORIGIN,
  call,
  countUpstream,
  financeBody,
  operatorBody,
  signIn,
  startBffHarness,
  supportBody,
  type BffHarness,
} from "../helpers/bff";
import { captureLogs } from "../helpers/logs";

/** The Cookie header of the page request being rendered. */
const pageRequest = vi.hoisted(() => ({ cookie: "" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "127.0.0.1:3000" }),
  cookies: async () => ({ toString: () => pageRequest.cookie }),
}));

let harness: BffHarness;
let operator = "";
let finance = "";
let support = "";
beforeAll(async () => {
  // More links than one page, so the links list is handed over as its first page only.
  harness = await startBffHarness({ sandbox: { seedLinks: FIRST_PAGE_SIZE + 30 } });
  operator = await signIn(sessionRoute.POST, operatorBody);
  finance = await signIn(sessionRoute.POST, financeBody);
  support = await signIn(sessionRoute.POST, supportBody);
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.sandbox.clearFaults();
  pageRequest.cookie = operator;
});

/** The first page of a paged reply of `handler`, as the browser reads it. */
async function firstPageOf(handler: typeof paymentLinksRoute.GET, path: string, cookie: string): Promise<unknown> {
  const reply = await handler(
    new Request(`${APP_ORIGIN}${path}`, { headers: { host: "127.0.0.1:3000", cookie, accept: PAGED_LIST_TYPE } }),
  );
  expect(reply.headers.get("content-type")).toContain(PAGED_LIST_TYPE);
  return (JSON.parse((await reply.text()).split("\n")[0] ?? "") as { page: unknown }).page;
}

describe("a page's first data, read on the server", () => {
  it("payout detail: the browser's parse of the route's reply, under payoutQuery's key", async () => {
    const entry = await payoutDetail("po_demo_paid");
    const reply = await call(payoutRoute.GET, "/api/payouts/po_demo_paid", {
      cookie: operator,
      params: { id: "po_demo_paid" },
    });
    expect(reply.status).toBe(200);
    expect(entry).toEqual({
      queryKey: payoutQuery("po_demo_paid").queryKey,
      data: payoutDetailSchema.parse(reply.json.data),
      partial: false,
    });
  });

  it("subaccount detail: an id never changed here is handed over as null, what the route's 404 means to the query", async () => {
    const id = "sa_never_changed_here";
    const reply = await call(subaccountRoute.GET, `/api/subaccounts/${id}`, { cookie: operator, params: { id } });
    expect(reply.status).toBe(404);
    expect(await knownSubaccount(id)).toEqual({ queryKey: subaccountQuery(id).queryKey, data: null, partial: false });
    // Not the route's to answer for finance, nor for an id it refuses: the browser asks (and is told) itself.
    pageRequest.cookie = finance;
    expect(await knownSubaccount(id)).toBeNull();
    pageRequest.cookie = operator;
    expect(await knownSubaccount("../etc/passwd")).toBeNull();
  });

  it("payment links: the route's first page, marked partial when more follow", async () => {
    const entry = await paymentLinksFirstPage();
    const page = await firstPageOf(paymentLinksRoute.GET, "/api/payment-links", operator);
    expect(entry).toEqual({
      queryKey: paymentLinksQuery().queryKey,
      data: z.array(PaymentLinkSchema).parse(page),
      partial: true,
    });
    expect(entry?.data).toHaveLength(FIRST_PAGE_SIZE);
  });

  it("chargebacks (finance's page): a list that fits its first page is handed over whole", async () => {
    pageRequest.cookie = finance;
    const entry = await chargebacksFirstPage();
    const page = await firstPageOf(chargebacksRoute.GET, "/api/chargebacks", finance);
    expect(entry).toEqual({
      queryKey: chargebacksQuery().queryKey,
      data: z.array(ChargebackSchema).parse(page),
      partial: false,
    });
    expect((entry?.data as unknown[]).length).toBeLessThan(FIRST_PAGE_SIZE);
  });

  it("latest payouts: the register page the overview card asks for", async () => {
    const entry = await latestPayouts(5);
    const reply = await call(payoutsRoute.GET, "/api/payouts?limit=5", { cookie: operator });
    expect(entry).toEqual({
      queryKey: latestPayoutsQuery(5).queryKey,
      data: registerPageSchema.parse(reply.json.data),
      partial: false,
    });
  });

  it("follows the route's permission: an operator's page reads no chargebacks, finance's no payment links", async () => {
    const chargebacks = await countUpstream(harness.sandbox, () => chargebacksFirstPage());
    expect(chargebacks).toMatchObject({ result: null, requests: 0 });
    expect(await latestPayouts(5)).not.toBeNull();

    pageRequest.cookie = finance;
    const links = await countUpstream(harness.sandbox, () => paymentLinksFirstPage());
    expect(links).toMatchObject({ result: null, requests: 0 });
    expect((await chargebacksFirstPage())?.data).not.toHaveLength(0);
    expect(await latestPayouts(5)).not.toBeNull();
  });

  it("follows the route's permission: support's page reads neither payment links nor chargebacks, but the register", async () => {
    pageRequest.cookie = support;
    const { result, requests } = await countUpstream(harness.sandbox, () =>
      Promise.all([paymentLinksFirstPage(), chargebacksFirstPage()]),
    );
    expect(result).toEqual([null, null]);
    expect(requests).toBe(0);
    const latest = await latestPayouts(5);
    const reply = await call(payoutsRoute.GET, "/api/payouts?limit=5", { cookie: support });
    expect(reply.status).toBe(200);
    expect(latest).toEqual({
      queryKey: latestPayoutsQuery(5).queryKey,
      data: registerPageSchema.parse(reply.json.data),
      partial: false,
    });
  });

  it("reads nothing without a valid session", async () => {
    pageRequest.cookie = "";
    expect(await countUpstream(harness.sandbox, () => payoutDetail("po_demo_paid"))).toMatchObject({
      result: null,
      requests: 0,
    });
    pageRequest.cookie = `${operator.slice(0, -4)}AAAA`;
    expect(await payoutDetail("po_demo_paid")).toBeNull();
  });

  it("leaves a failure to the browser: an upstream error, an unknown payout, an id the route refuses", async () => {
    pageRequest.cookie = finance;
    await harness.sandbox.addFault({ kind: "error500", path: "/v1/chargebacks" });
    const logs = captureLogs();
    try {
      const failed = await countUpstream(harness.sandbox, () => chargebacksFirstPage());
      expect(failed.result).toBeNull();
      // It was asked (and failed), not skipped for want of permission.
      expect(failed.requests).toBeGreaterThan(0);
      pageRequest.cookie = operator;
      expect(await payoutDetail("po_does_not_exist")).toBeNull();
    } finally {
      logs.restore();
    }
    // The API's fault is logged; a payout id that does not exist is the page's to explain, not a fault.
    const warned = [...logs.stdout, ...logs.stderr].filter((line) => line.event === "page.prefetch_failed");
    expect(warned.map((line) => line.path)).toEqual(["/api/chargebacks"]);
    expect(await countUpstream(harness.sandbox, () => payoutDetail("../etc/passwd"))).toMatchObject({
      result: null,
      requests: 0,
    });
  });

  it("renders without the data once the budget is spent", async () => {
    await harness.sandbox.addFault({ kind: "latency", path: "/v1/payouts", ms: 30_000 });
    const asked = harness.clock.requested.length;
    const entry = payoutDetail("po_demo_paid");
    while (!harness.clock.requested.slice(asked).includes(PREFETCH_BUDGET_MS))
      await harness.clock.asked(harness.clock.requested.length + 1);
    await harness.clock.skip(PREFETCH_BUDGET_MS);
    expect(await entry).toBeNull();
  });

  it("hands the browser the data and its key, never the credential", async () => {
    const entries = await Promise.all([paymentLinksFirstPage(), payoutDetail("po_demo_paid")]);
    const element = WithPrefetched({ entries, children: null });
    expect(isValidElement(element)).toBe(true);
    const props = JSON.stringify((element as { props: unknown }).props);
    expect(props).toContain("po_demo_paid");
    for (const secret of [ACME.apiKey, ACME.accessToken, operator.split("=")[1] ?? ""])
      expect(props).not.toContain(secret);
  });
});
