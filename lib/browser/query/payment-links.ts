import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { bffFetch } from "@/lib/browser/bff-client/client";
import { bffPages } from "@/lib/browser/bff-client/pages";
import {
  PaymentLinkSchema,
  paymentLinkListSchema,
  type CreatePaymentLinkBody,
  type PaymentLink,
} from "@/lib/shared/schemas/payment-link";
import { pagedListQueryFn } from "./paged-list";

/**
 * Payment links. The BFF returns the whole list (the API has no pagination or
 * filters), so there is one list key; search, filters and sort happen in the
 * browser.
 */
export const paymentLinkKeys = {
  all: ["payment-links"] as const,
  lists: () => [...paymentLinkKeys.all, "list"] as const,
  list: () => [...paymentLinkKeys.lists(), "all"] as const,
};

const paymentLinkPageSchema = z.array(PaymentLinkSchema);

/**
 * GET /api/payment-links: every link of the business, newest first, read in
 * pages (see pagedListQueryFn): the first rows show while the rest arrives.
 */
export function paymentLinksQuery() {
  return queryOptions({
    queryKey: paymentLinkKeys.list(),
    structuralSharing: false,
    queryFn: pagedListQueryFn<PaymentLink>(({ signal }) =>
      bffPages("/api/payment-links", { pageSchema: paymentLinkPageSchema, listSchema: paymentLinkListSchema, signal }),
    ),
  });
}

export interface CreatePaymentLinkVariables {
  input: CreatePaymentLinkBody;
  /** From `useIdempotentSubmit()`: the same key for every attempt of this one link. */
  idempotencyKey: string;
}

/**
 * POST /api/payment-links. On success the new link is put at the top of the
 * cached list at once (the list shows it without waiting for a refetch), then
 * the list is refetched in the background for the server's view.
 */
export function useCreatePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation<PaymentLink, Error, CreatePaymentLinkVariables>({
    mutationFn: ({ input, idempotencyKey }) =>
      bffFetch("/api/payment-links", { method: "POST", body: input, idempotencyKey, schema: PaymentLinkSchema }),
    onSuccess: (created) => {
      queryClient.setQueryData<PaymentLink[]>(paymentLinkKeys.list(), (current) =>
        current ? [created, ...current.filter((link) => link.id !== created.id)] : current,
      );
      void queryClient.invalidateQueries({ queryKey: paymentLinkKeys.lists() });
    },
  });
}
