import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { z } from "zod/mini";
import { bffFetch } from "@/lib/browser/bff-client/client";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import type { UpdateSubaccountBody } from "@/lib/shared/schemas/subaccount";
import { activityPageSchema } from "@/lib/shared/schemas/activity-entry";
import {
  knownSubaccountSchema,
  subaccountChangeResultSchema,
  type KnownSubaccount,
  type SubaccountChangeResult,
} from "@/lib/shared/schemas/known-subaccount";

/**
 * Subaccounts known to the dashboard. The payments API can update and block a
 * subaccount but cannot list or read one, so the BFF answers from the last
 * state the API returned through this dashboard (docs/bff-api.md).
 */
export const subaccountKeys = {
  all: ["subaccounts"] as const,
  lists: () => [...subaccountKeys.all, "list"] as const,
  details: () => [...subaccountKeys.all, "detail"] as const,
  detail: (id: string) => [...subaccountKeys.details(), id] as const,
  histories: () => [...subaccountKeys.all, "history"] as const,
  history: (id: string) => [...subaccountKeys.histories(), id] as const,
};

const knownSubaccountListSchema = z.array(knownSubaccountSchema);

/** How many audit entries one history page asks for. */
export const SUBACCOUNT_HISTORY_PAGE_SIZE = 50;

function subaccountPath(id: string): string {
  return `/api/subaccounts/${encodeURIComponent(id)}`;
}

/** GET /api/subaccounts: every subaccount changed through this dashboard. */
export function subaccountsQuery() {
  return queryOptions({
    queryKey: subaccountKeys.lists(),
    queryFn: ({ signal }) => bffFetch("/api/subaccounts", { schema: knownSubaccountListSchema, signal }),
  });
}

/**
 * GET /api/subaccounts/{id}: its last known state, or null for an id never changed here (the BFF's 404
 * `subaccount_unknown`: a normal answer the page explains, not an error).
 */
export function subaccountQuery(id: string) {
  return queryOptions({
    queryKey: subaccountKeys.detail(id),
    queryFn: async ({ signal }): Promise<KnownSubaccount | null> => {
      try {
        return await bffFetch(subaccountPath(id), { schema: knownSubaccountSchema, signal });
      } catch (error) {
        if (isBffRequestError(error) && error.knownCode === "subaccount_unknown") return null;
        throw error;
      }
    },
  });
}

/** GET /api/activity for one subaccount: its audit entries, newest first, page by page. */
export function subaccountHistoryQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: subaccountKeys.history(id),
    queryFn: ({ signal, pageParam }) =>
      bffFetch(`/api/subaccounts/${encodeURIComponent(id)}/history`, {
        query: { limit: SUBACCOUNT_HISTORY_PAGE_SIZE, cursor: pageParam },
        schema: activityPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** After a change: the answer is the new known state (kept, when it was a replay of an older change); the list and history are refetched. */
function afterChange(queryClient: QueryClient, id: string, result: SubaccountChangeResult): Promise<unknown> {
  const { replayed_older_change: _replayed, ...known } = result;
  queryClient.setQueryData<KnownSubaccount>(subaccountKeys.detail(id), known);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subaccountKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: subaccountKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: subaccountKeys.history(id) }),
  ]);
}

export interface UpdateSubaccountVariables {
  /** Only the fields that change. */
  body: UpdateSubaccountBody;
  /** One key per edit, kept across retries of the same edit. */
  idempotencyKey: string;
}

/** PATCH /api/subaccounts/{id}. */
export function useUpdateSubaccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation<SubaccountChangeResult, Error, UpdateSubaccountVariables>({
    mutationFn: ({ body, idempotencyKey }) =>
      bffFetch(subaccountPath(id), { method: "PATCH", body, idempotencyKey, schema: subaccountChangeResultSchema }),
    onSuccess: (known) => afterChange(queryClient, id, known),
    // A failure is recorded in the audit log too.
    onError: () => queryClient.invalidateQueries({ queryKey: subaccountKeys.history(id) }),
  });
}

export interface SetSubaccountBlockedVariables {
  isBlocked: boolean;
  idempotencyKey: string;
}

/** PUT /api/subaccounts/{id}/blocked. */
export function useSetSubaccountBlocked(id: string) {
  const queryClient = useQueryClient();
  return useMutation<SubaccountChangeResult, Error, SetSubaccountBlockedVariables>({
    mutationFn: ({ isBlocked, idempotencyKey }) =>
      bffFetch(`${subaccountPath(id)}/blocked`, {
        method: "PUT",
        body: { is_blocked: isBlocked },
        idempotencyKey,
        schema: subaccountChangeResultSchema,
      }),
    onSuccess: (known) => afterChange(queryClient, id, known),
    onError: () => queryClient.invalidateQueries({ queryKey: subaccountKeys.history(id) }),
  });
}
