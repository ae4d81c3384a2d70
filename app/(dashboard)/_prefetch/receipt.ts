import "server-only";
import { idParamsSchema } from "@/lib/server/http/params";
import { prefetchService } from "@/lib/server/pages/prefetch";
import { readPayoutReceipt } from "@/lib/server/services/payouts/receipt";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";
import type { Locale } from "@/lib/shared/i18n/config";
import type { PayoutReceipt } from "@/lib/shared/payouts/receipt";

/**
 * The receipt page's data, read on the server by the service behind GET /api/payouts/{id}/receipt.pdf with that
 * route's permission (prefetchService): null when the id is one the route would refuse, the role may not read
 * payouts, or the read failed or took longer than the page's budget.
 */
export async function payoutReceiptFirst(id: string, locale: Locale): Promise<PayoutReceipt | null> {
  const params = idParamsSchema.safeParse({ id });
  if (!params.success) return null;
  return prefetchService(READ_PERMISSIONS.payoutLookup, `/api/payouts/${encodeURIComponent(id)}/receipt.pdf`, (deps) =>
    readPayoutReceipt(deps, params.data.id, locale),
  );
}
