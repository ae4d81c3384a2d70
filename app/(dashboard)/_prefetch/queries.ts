import { z } from "zod";
import { chargebacksQuery } from "@/lib/browser/query/chargebacks";
import { paymentLinksQuery } from "@/lib/browser/query/payment-links";
import { latestPayoutsQuery, payoutDetailSchema, payoutQuery } from "@/lib/browser/query/payouts";
import { idParamsSchema } from "@/lib/server/http/params";
import { firstPage, prefetchService, replyData } from "@/lib/server/http/prefetch";
import { listChargebacks, listPaymentLinks } from "@/lib/server/services/paged-lists";
import { listRegister, lookUpPayout } from "@/lib/server/services/payout-lookup";
import { ChargebackSchema } from "@/lib/shared/schemas/chargeback";
import { PAGED_LIST_TYPE } from "@/lib/shared/schemas/paged-list";
import { PaymentLinkSchema } from "@/lib/shared/schemas/payment-link";
import { registerPageSchema, registerQuerySchema } from "@/lib/shared/schemas/register";
import { prefetched, type Prefetched } from "./prefetched";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";

/*
 * The first data of the pages Lighthouse measures, each read as its BFF route
 * reads it (same permission, service and view) and parsed as the browser's
 * query parses the route's reply, under that query's key. The paged lists
 * hand over their first page only.
 */

// GET /api/payment-links, as paymentLinksQuery asks for it (in pages).
export async function paymentLinksFirstPage(): Promise<Prefetched | null> {
  const result = await prefetchService({ permission: READ_PERMISSIONS.paymentLinks, path: "/api/payment-links", accept: PAGED_LIST_TYPE }, listPaymentLinks);
  const page = firstPage(result, z.array(PaymentLinkSchema));
  return page && prefetched(paymentLinksQuery().queryKey, page.items, !page.whole);
}

// GET /api/chargebacks, as chargebacksQuery asks for it (in pages).
export async function chargebacksFirstPage(): Promise<Prefetched | null> {
  const result = await prefetchService({ permission: READ_PERMISSIONS.chargebacks, path: "/api/chargebacks", accept: PAGED_LIST_TYPE }, listChargebacks);
  const page = firstPage(result, z.array(ChargebackSchema));
  return page && prefetched(chargebacksQuery().queryKey, page.items, !page.whole);
}

// GET /api/payouts/{id}, as payoutQuery asks for it; an id the route would refuse is left to the browser.
export async function payoutDetail(id: string): Promise<Prefetched | null> {
  const params = idParamsSchema.safeParse({ id });
  if (!params.success) return null;
  const result = await prefetchService({ permission: READ_PERMISSIONS.payoutLookup, path: `/api/payouts/${encodeURIComponent(id)}`, params: params.data }, lookUpPayout);
  return prefetched(payoutQuery(id).queryKey, replyData(result, payoutDetailSchema));
}

// GET /api/payouts?limit=N, as latestPayoutsQuery(N) asks for it.
export async function latestPayouts(limit: number): Promise<Prefetched | null> {
  const query = registerQuerySchema.parse({ limit: String(limit) });
  const result = await prefetchService({ permission: READ_PERMISSIONS.payoutRegister, path: `/api/payouts?limit=${limit}`, query }, listRegister);
  return prefetched(latestPayoutsQuery(limit).queryKey, replyData(result, registerPageSchema));
}
