import { queryOptions } from "@tanstack/react-query";
import { z } from "zod/mini";
import { bffPages } from "@/lib/browser/bff-client/pages";
import { ChargebackSchema, chargebackListSchema, type Chargeback } from "@/lib/shared/schemas/chargeback";
import { pagedListQueryFn } from "./paged-list";

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

const chargebackPageSchema = z.array(ChargebackSchema);

/** Every chargeback of the business (operators and viewers), read in pages (see pagedListQueryFn). */
export function chargebacksQuery() {
  return queryOptions({
    queryKey: chargebackKeys.list(),
    structuralSharing: false,
    queryFn: pagedListQueryFn<Chargeback>(({ signal }) =>
      bffPages("/api/chargebacks", { pageSchema: chargebackPageSchema, listSchema: chargebackListSchema, signal }),
    ),
  });
}
