import { queryOptions } from "@tanstack/react-query";
import { bffFetch } from "@/lib/browser/bff-client/client";
import { chargebackListSchema } from "@/lib/shared/schemas/chargeback";

/**
 * Chargebacks and Pix MED disputes (GET /api/chargebacks). The API has no
 * filters or pagination: the whole list comes back, every field the API sent
 * kept, and the page filters, sorts and searches it in the browser.
 */
export const chargebackKeys = {
  all: ["chargebacks"] as const,
  lists: () => [...chargebackKeys.all, "list"] as const,
  list: () => [...chargebackKeys.lists(), "all"] as const,
};

/** Every chargeback of the business (operators and viewers). */
export function chargebacksQuery() {
  return queryOptions({
    queryKey: chargebackKeys.list(),
    queryFn: ({ signal }) => bffFetch("/api/chargebacks", { schema: chargebackListSchema, signal }),
  });
}
