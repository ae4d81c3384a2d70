import { chargebacksQuery } from "@/lib/browser/query/chargebacks";
import { paymentLinksQuery } from "@/lib/browser/query/payment-links";
import { latestPayoutsQuery, payoutAttentionQuery, payoutDetailSchema, payoutQuery } from "@/lib/browser/query/payouts";
import { idParamsSchema } from "@/lib/server/http/params";
import { asQueryData, firstPage, prefetchService } from "@/lib/server/pages/prefetch";
import { listChargebacks } from "@/lib/server/services/chargebacks";
import { findKnown } from "@/lib/server/services/subaccounts/subaccounts";
import { subaccountQuery } from "@/lib/browser/query/subaccounts";
import { knownSubaccountSchema } from "@/lib/shared/schemas/known-subaccount";
import { listPaymentLinks } from "@/lib/server/services/payment-links";
import { listRegister, lookUpPayout } from "@/lib/server/services/payouts/lookup";
import { payoutAttention } from "@/lib/server/services/payouts/review";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";
import { ChargebackSchema } from "@/lib/shared/schemas/chargeback";
import { PaymentLinkSchema } from "@/lib/shared/schemas/payment-link";
import { payoutAttentionSchema, registerPageSchema, registerQuerySchema } from "@/lib/shared/schemas/register";
import { workspaceCredentialsQuery, workspaceSettingsQuery } from "@/lib/browser/query/workspace";
import { workspaceCredentials, workspaceSettings } from "@/lib/server/services/workspace/settings";
import { workspaceCredentialsSchema, workspaceSettingsSchema } from "@/lib/shared/schemas/workspace-setup";
import { prefetched, prefetchedNull, type Prefetched } from "./prefetched";

/*
 * The first data of the pages Lighthouse measures (and of a subaccount's page), each read by the service its
 * BFF route calls (with the route's permission) and parsed as the browser's
 * query parses the route's reply, under that query's key. The paged lists
 * hand over their first page only.
 */

// As GET /api/payment-links in pages (paymentLinksQuery).
export async function paymentLinksFirstPage(): Promise<Prefetched | null> {
  const answer = await prefetchService(READ_PERMISSIONS.paymentLinks, "/api/payment-links", listPaymentLinks);
  const page = firstPage(answer?.data ?? null, PaymentLinkSchema);
  return page && prefetched(paymentLinksQuery().queryKey, page.items, !page.whole);
}

// As GET /api/chargebacks in pages (chargebacksQuery).
export async function chargebacksFirstPage(): Promise<Prefetched | null> {
  const answer = await prefetchService(READ_PERMISSIONS.chargebacks, "/api/chargebacks", listChargebacks);
  const page = firstPage(answer?.data ?? null, ChargebackSchema);
  return page && prefetched(chargebacksQuery().queryKey, page.items, !page.whole);
}

// As GET /api/payouts/{id} (payoutQuery); an id the route would refuse is left to the browser.
export async function payoutDetail(id: string): Promise<Prefetched | null> {
  const params = idParamsSchema.safeParse({ id });
  if (!params.success) return null;
  const answer = await prefetchService(
    READ_PERMISSIONS.payoutLookup,
    `/api/payouts/${encodeURIComponent(id)}`,
    (deps) => lookUpPayout(deps, params.data.id),
  );
  return prefetched(payoutQuery(id).queryKey, answer && asQueryData(answer.data, payoutDetailSchema));
}

// As GET /api/subaccounts/{id} (subaccountQuery): its known state, or null for an id never changed here (the route's
// 404, which the browser's query holds as null); an id the route would refuse is left to the browser.
export async function knownSubaccount(id: string): Promise<Prefetched | null> {
  const params = idParamsSchema.safeParse({ id });
  if (!params.success) return null;
  const answer = await prefetchService(
    READ_PERMISSIONS.knownSubaccount,
    `/api/subaccounts/${encodeURIComponent(id)}`,
    async (deps) => ({ known: await findKnown(deps, params.data.id) }),
  );
  if (!answer) return null;
  if (answer.known === null) return prefetchedNull(subaccountQuery(id).queryKey);
  return prefetched(subaccountQuery(id).queryKey, asQueryData(answer.known, knownSubaccountSchema));
}

// As GET /api/payouts?limit=N (latestPayoutsQuery(N)).
export async function latestPayouts(limit: number): Promise<Prefetched | null> {
  const query = registerQuerySchema.parse({ limit: String(limit) });
  const answer = await prefetchService(READ_PERMISSIONS.payoutRegister, `/api/payouts?limit=${limit}`, (deps) =>
    listRegister(deps, query),
  );
  return prefetched(latestPayoutsQuery(limit).queryKey, answer && asQueryData(answer.data, registerPageSchema));
}

// As GET /api/workspace/settings (workspaceSettingsQuery).
export async function workspaceSettingsFirst(): Promise<Prefetched | null> {
  const answer = await prefetchService(
    READ_PERMISSIONS.workspaceSettings,
    "/api/workspace/settings",
    workspaceSettings,
  );
  return prefetched(workspaceSettingsQuery().queryKey, answer && asQueryData(answer.data, workspaceSettingsSchema));
}

// As GET /api/workspace/credentials (workspaceCredentialsQuery): the owner's only.
export async function workspaceCredentialsFirst(): Promise<Prefetched | null> {
  const answer = await prefetchService(
    READ_PERMISSIONS.workspaceCredentials,
    "/api/workspace/credentials",
    workspaceCredentials,
  );
  return prefetched(
    workspaceCredentialsQuery().queryKey,
    answer && asQueryData(answer.data, workspaceCredentialsSchema),
  );
}

/*
 * As GET /api/payouts/attention (payoutAttentionQuery), for the whole dashboard: the navigation's badge and the
 * overview's and register's notices read it. Handed over above the shell, so the server and the browser render
 * them from the same count: without it the browser's badge fetched the count while the page was still
 * hydrating, and the page's notice then hydrated with data the server had rendered without (a mismatch).
 */
export async function payoutAttentionFirst(): Promise<Prefetched | null> {
  const answer = await prefetchService(READ_PERMISSIONS.payoutRegister, "/api/payouts/attention", payoutAttention);
  return prefetched(payoutAttentionQuery().queryKey, answer && asQueryData(answer.data, payoutAttentionSchema));
}
