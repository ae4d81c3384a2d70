import { accountProfileQuery, securityEventsQuery, SECURITY_EVENTS_PAGE_SIZE } from "@/lib/browser/query/account";
import { asQueryData, prefetchService } from "@/lib/server/pages/prefetch";
import { accountProfile } from "@/lib/server/services/account/profile";
import { listOwnSecurityEvents } from "@/lib/server/services/account/security-history";
import { accountProfileSchema, securityEventsPageSchema } from "@/lib/shared/schemas/account";
import { prefetched, type Prefetched } from "../../(dashboard)/_prefetch/prefetched";

/* The first data of the person's own account pages, read by the services of their BFF routes (open to "any"). */

// As GET /api/account (accountProfileQuery).
export async function accountProfileFirst(): Promise<Prefetched | null> {
  const answer = await prefetchService("any", "/api/account", accountProfile);
  return prefetched(accountProfileQuery().queryKey, answer && asQueryData(answer.data, accountProfileSchema));
}

// As the first page of GET /api/account/security-events (securityEventsQuery).
export async function securityEventsFirstPage(): Promise<Prefetched | null> {
  const answer = await prefetchService("any", "/api/account/security-events", (deps) =>
    listOwnSecurityEvents(deps, { limit: SECURITY_EVENTS_PAGE_SIZE }),
  );
  const page = answer && asQueryData(answer.data, securityEventsPageSchema);
  return prefetched(securityEventsQuery().queryKey, page && { pages: [page], pageParams: [null] });
}
