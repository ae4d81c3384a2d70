import {
  keepPreviousData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type Query,
} from "@tanstack/react-query";
import { z } from "zod/mini";
import { bffFetch, readEnvelope, sendToBff, withQuery } from "@/lib/browser/bff-client/client";
import { orElse } from "@/lib/shared/schemas/common";
import type { PayoutOutcome } from "@/lib/shared/payouts/outcomes";
import { PayoutSchema, type PayoutInput } from "@/lib/shared/schemas/payout";
import { payoutPreviewSchema } from "@/lib/shared/schemas/payout-preview";
import {
  payoutAttentionSchema,
  registerPageSchema,
  registerPayoutSchema,
  registerTotalsSchema,
  UNKNOWN_OUTCOME_STATES,
  type PayoutAttention,
  type PayoutReviewInput,
  type RegisterPage,
  type RegisterPayout,
  type RegisterStateFilter,
} from "@/lib/shared/schemas/register";

/** What GET /api/payouts/{id} answers: the API's payout plus the register row (operators, when issued here). */
export const payoutDetailSchema = z.extend(PayoutSchema, {
  register: orElse(registerPayoutSchema, null),
});
export type PayoutDetail = z.output<typeof payoutDetailSchema>;

/** The register's server-side filters (sorting is done on the loaded rows); the same for its totals and export. */
export interface PayoutRegisterFilters {
  search: string;
  status: string;
  /** The dashboard's own state (needs_review, in_progress, …); "" for all. */
  state: RegisterStateFilter | "";
  /** The rows of one outcome as the insights count them; "" (or absent) for all. */
  outcome?: PayoutOutcome | "";
  /** Instants (ISO): the start of the first day and of the day after the last one in the business's zone; "" for open. */
  from: string;
  to: string;
}

/** The filters as the BFF's query parameters (empty ones are left out). */
function registerFilterQuery(filters: PayoutRegisterFilters) {
  return {
    search: filters.search.trim(),
    status: filters.status,
    state: filters.state,
    outcome: filters.outcome ?? "",
    from: filters.from,
    to: filters.to,
  };
}

/** Rows per page of the register. */
export const REGISTER_PAGE_SIZE = 100;

/** While something is in flight the register and the detail refresh this often. */
export const LIVE_REFRESH_MS = 3_000;
/** Rows still unresolved long after they were sent are checked less often. */
export const SLOW_REFRESH_MS = 30_000;
const FRESH_WINDOW_MS = 15 * 60_000;

export const payoutKeys = {
  all: ["payouts"] as const,
  lists: () => [...payoutKeys.all, "list"] as const,
  list: (filters: PayoutRegisterFilters) => [...payoutKeys.lists(), filters] as const,
  /** Under lists(): whatever refreshes the register refreshes its totals. */
  totals: (filters: PayoutRegisterFilters, listAnsweredAt: number) =>
    [...payoutKeys.lists(), "totals", filters, listAnsweredAt] as const,
  latest: (limit: number) => [...payoutKeys.lists(), "latest", limit] as const,
  entry: (idempotencyKey: string) => [...payoutKeys.lists(), "entry", idempotencyKey] as const,
  /** The counts behind the navigation badge, the overview card and the register's banner. */
  attention: () => [...payoutKeys.all, "attention"] as const,
  details: () => [...payoutKeys.all, "detail"] as const,
  detail: (id: string) => [...payoutKeys.details(), id] as const,
};

/** A register row whose outcome is not final yet: being sent, unknown, or sent and still pending. */
export function isLiveRegisterRow(row: RegisterPayout): boolean {
  return (
    row.state === "intent" ||
    row.state === "uncertain" ||
    (row.state === "submitted" && (row.status === "pending" || row.status === null))
  );
}

/** True when the dashboard does not know whether the payout exists (being sent, sent without an answer, or waiting for a person). */
export function isOutcomeUnknown(row: Pick<RegisterPayout, "state">): boolean {
  return (UNKNOWN_OUTCOME_STATES as readonly string[]).includes(row.state);
}

/** True while the dashboard resolves the payout by itself (being sent, or re-sent automatically). */
export function isBeingResolved(row: Pick<RegisterPayout, "state">): boolean {
  return row.state === "intent" || row.state === "uncertain";
}

/** Refresh interval for a set of register rows: fast while recent rows are unresolved, slow for old ones, off when all are final. */
export function registerRefreshInterval(rows: readonly RegisterPayout[], now: number = Date.now()): number | false {
  let interval: number | false = false;
  for (const row of rows) {
    if (!isLiveRegisterRow(row)) continue;
    const updated = Date.parse(row.updated_at);
    if (Number.isNaN(updated) || now - updated < FRESH_WINDOW_MS) return LIVE_REFRESH_MS;
    interval = SLOW_REFRESH_MS;
  }
  return interval;
}

/** True while a payout's status can still change. */
export function isPayoutSettling(status: string | null | undefined): boolean {
  return status === "pending";
}

function detailRefreshInterval(query: Query<PayoutDetail, Error, PayoutDetail, readonly unknown[]>): number | false {
  const data = query.state.data;
  if (!data) return false;
  return isPayoutSettling(data.status) ? LIVE_REFRESH_MS : false;
}

/** GET /api/payouts/{id}: refreshes itself while the payout is pending and stops once it is paid or failed. */
export function payoutQuery(id: string) {
  return queryOptions({
    queryKey: payoutKeys.detail(id),
    queryFn: ({ signal }) => bffFetch(`/api/payouts/${encodeURIComponent(id)}`, { schema: payoutDetailSchema, signal }),
    refetchInterval: detailRefreshInterval,
  });
}

/** GET /api/payouts with cursor pages ("load more"); refreshes while any loaded row is unresolved. */
export function payoutRegisterQuery(filters: PayoutRegisterFilters) {
  return infiniteQueryOptions({
    queryKey: payoutKeys.list(filters),
    queryFn: ({ signal, pageParam }) =>
      bffFetch("/api/payouts", {
        schema: registerPageSchema,
        signal,
        query: { ...registerFilterQuery(filters), limit: REGISTER_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: RegisterPage) => last.next_cursor ?? undefined,
    refetchInterval: (query) => registerRefreshInterval(query.state.data?.pages.flatMap((p) => p.items) ?? []),
  });
}

/**
 * GET /api/payouts/totals: count, amount, fees and net of every row under the register's filters, as of the list's
 * answer at `listAnsweredAt` (its dataUpdatedAt). The list's answers move pending rows on in the ledger before they
 * return, so totals asked beside them could keep a sum the rows on screen no longer show: each list answer asks
 * for the totals again, after it, and the previous totals stay shown meanwhile.
 */
export function registerTotalsQuery(filters: PayoutRegisterFilters, listAnsweredAt: number) {
  return queryOptions({
    queryKey: payoutKeys.totals(filters, listAnsweredAt),
    enabled: listAnsweredAt > 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      bffFetch("/api/payouts/totals", { schema: registerTotalsSchema, signal, query: registerFilterQuery(filters) }),
  });
}

/** Where the register's export of exactly these filters downloads from (in the person's language and zone: cookies). */
export function registerExportHref(filters: PayoutRegisterFilters, format: "csv" | "xlsx"): string {
  return withQuery("/api/payouts/export", { ...registerFilterQuery(filters), format });
}

/**
 * The register's export for these filters, as the server wrote it (every filtered row, not only the loaded pages).
 * A refusal (too many rows, a date out of range, signed out) is thrown as the BFF's error.
 */
export async function fetchRegisterExport(filters: PayoutRegisterFilters, format: "csv" | "xlsx"): Promise<Blob> {
  const response = await sendToBff(registerExportHref(filters, format), { method: "GET", accept: "*/*" });
  if (response.ok && !(response.headers.get("content-type") ?? "").includes("json")) return response.blob();
  await readEnvelope(response, {});
  throw new Error("The export answered without a file.");
}

/** The newest register rows (overview card). */
export function latestPayoutsQuery(limit = 5) {
  return queryOptions({
    queryKey: payoutKeys.latest(limit),
    queryFn: ({ signal }) => bffFetch("/api/payouts", { schema: registerPageSchema, signal, query: { limit } }),
    refetchInterval: (query) => registerRefreshInterval(query.state.data?.items ?? []),
  });
}

/** One register row by its idempotency key (rows without a payout id: being sent, unknown, rejected). */
export function registerEntryQuery(idempotencyKey: string) {
  return queryOptions({
    queryKey: payoutKeys.entry(idempotencyKey),
    queryFn: async ({ signal }) => {
      const page = await bffFetch("/api/payouts", {
        schema: registerPageSchema,
        signal,
        query: { search: idempotencyKey, limit: 20 },
      });
      return page.items.find((row) => row.idempotency_key === idempotencyKey) ?? null;
    },
    refetchInterval: (query) => (query.state.data ? registerRefreshInterval([query.state.data]) : false),
  });
}

/** Attention counts are checked this often, and more often while payouts are being resolved. */
export const ATTENTION_REFRESH_MS = 30_000;

/** GET /api/payouts/attention: how many payouts wait for a person, and how many are still being resolved. */
export function payoutAttentionQuery() {
  return queryOptions({
    queryKey: payoutKeys.attention(),
    queryFn: ({ signal }) => bffFetch("/api/payouts/attention", { schema: payoutAttentionSchema, signal }),
    refetchInterval: (query: Query<PayoutAttention, Error, PayoutAttention, readonly unknown[]>) =>
      (query.state.data?.in_progress ?? 0) > 0 ? LIVE_REFRESH_MS : ATTENTION_REFRESH_MS,
  });
}

/** After anything that can change a payout's state: the register (rows, entries, latest), the counts and the details. */
function invalidatePayoutViews(queryClient: ReturnType<typeof useQueryClient>): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: payoutKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: payoutKeys.attention() }),
    queryClient.invalidateQueries({ queryKey: payoutKeys.details() }),
  ]);
}

export interface CreatePayoutVariables {
  input: PayoutInput;
  idempotencyKey: string;
}

/**
 * POST /api/payouts with the flow's idempotency key. Never retried
 * automatically: the operator re-sends with the same key ("check again").
 */
export function useCreatePayout() {
  const queryClient = useQueryClient();
  return useMutation<RegisterPayout, Error, CreatePayoutVariables>({
    mutationFn: ({ input, idempotencyKey }) =>
      bffFetch("/api/payouts", { method: "POST", body: input, idempotencyKey, schema: registerPayoutSchema }),
    onSettled: () => invalidatePayoutViews(queryClient),
  });
}

/**
 * POST /api/payouts/review: a person resolves a payout whose outcome is unknown
 * ("check again" re-sends it with its own key; "mark handled" closes it with a
 * note). Never retried automatically. Whatever the answer, the register, the
 * counts and the details are refetched (a 504 still changed what is known).
 */
export function useReviewPayout() {
  const queryClient = useQueryClient();
  return useMutation<RegisterPayout, Error, PayoutReviewInput>({
    mutationFn: (input) =>
      bffFetch("/api/payouts/review", { method: "POST", body: input, schema: registerPayoutSchema }),
    onSettled: () => invalidatePayoutViews(queryClient),
  });
}

/**
 * POST /api/payouts/preview: the review's estimated fee and net and the last payout paid to the key, from the
 * register (sends nothing, uses no idempotency key). The key travels in the body, never in a URL. Kept briefly:
 * going back to edit and returning with the same values reuses it.
 */
export function payoutPreviewQuery(input: PayoutInput) {
  const body: PayoutInput = {
    amount_centavos: input.amount_centavos,
    pix_key_type: input.pix_key_type,
    pix_key: input.pix_key,
  };
  return queryOptions({
    queryKey: [...payoutKeys.all, "preview", body] as const,
    queryFn: ({ signal }) =>
      bffFetch("/api/payouts/preview", { method: "POST", body, schema: payoutPreviewSchema, signal }),
    staleTime: 30_000,
    gcTime: 60_000,
    // A failed look-up is shown as a quiet note; sending never waits for it.
    retry: false,
  });
}
