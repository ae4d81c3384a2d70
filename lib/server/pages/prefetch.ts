import "server-only";
import { safeParse, type $ZodType } from "zod/v4/core";
import { can, type Permission } from "@/lib/shared/auth/roles";
import { FIRST_PAGE_SIZE } from "@/lib/shared/schemas/paged-list";
import { serverClock } from "@/lib/server/clock";
import { checkedPages } from "@/lib/server/http/paged-list";
import { BffError } from "@/lib/server/errors/bff-error";
import { toBffError } from "@/lib/server/errors/classify";
import { log } from "@/lib/server/log";
import { isPaymentsApiError } from "@/lib/server/payments-api/errors";
import { sessionDeps, type ServiceDeps } from "@/lib/server/services/context";
import { getPageSessionData } from "@/lib/server/session/page";

/**
 * A server-rendered page's first data, read by the same service as the BFF
 * route the browser would call, with the page's session, so the first paint
 * already has it (docs/performance.md, "Lighthouse"). It is an optimisation
 * only: any failure, a role without the route's permission, or an answer slower
 * than the budget gives `null`, and the browser fetches as before.
 */

/** The page waits at most this long for its first data before it renders without it. */
export const PREFETCH_BUDGET_MS = 2_000;

function withinBudget<T>(work: Promise<T>, ms: number): Promise<T | null> {
  const done = new AbortController();
  const timeout = new Promise<null>((resolve) => {
    serverClock()
      .sleep(ms, done.signal)
      .then(
        () => resolve(null),
        () => undefined,
      );
  });
  return Promise.race([work, timeout]).finally(() => done.abort());
}

/**
 * Runs `read` for the page's session when its role has the route's permission
 * ("any": every signed-in person, as withSession's routes open to all, the
 * person's own account) (checked exactly as withSession checks it); null when the page should fetch
 * it in the browser instead. `route` names it in the log.
 */
export async function prefetchService<T>(
  permission: Permission | "any",
  route: string,
  read: (deps: ServiceDeps) => Promise<T>,
): Promise<T | null> {
  const session = await getPageSessionData();
  if (!session || (permission !== "any" && !can(session.role, permission))) return null;
  const work = (async () => read(await sessionDeps(session)))();
  // A failure leaves the data to the browser, as does an answer that comes after the budget. What the route would
  // answer with a 4xx of the person's own making (an id that does not exist) is the page's to explain: every other
  // failure is logged, the credential the API refused among them.
  const settled = work.catch((error: unknown) => {
    if (isFault(error)) log.warn("page.prefetch_failed", { path: route, error });
    return null;
  });
  return withinBudget(settled, PREFETCH_BUDGET_MS);
}

/** Whether the route would answer `error` as a fault (5xx, a refused credential) rather than as a refusal of the request. */
function isFault(error: unknown): boolean {
  // An API error is classified as the route classifies it (an upstream 429 is the BFF's 503); toBffError logs only
  // what it cannot classify, which these are not.
  if (!(error instanceof BffError) && !isPaymentsApiError(error)) return true;
  const answer = toBffError(error);
  return answer.status >= 500 || answer.code === "credential_rejected";
}

/** A service's data as the browser's query holds it: parsed with the browser's schema (null when it does not match). */
export function asQueryData<T>(data: unknown, schema: $ZodType<T>): T | null {
  const parsed = safeParse(schema, data);
  return parsed.success ? parsed.data : null;
}

/** The first page of a list, checked as the paged reply checks it, and whether it is the whole list. */
export function firstPage<T>(
  items: readonly unknown[] | null,
  itemSchema: $ZodType<T>,
): { items: T[]; whole: boolean } | null {
  if (!items) return null;
  const first = checkedPages(items, itemSchema).next();
  // No page at all is an empty list.
  if (first.done) return { items: [], whole: true };
  if (!("page" in first.value)) return null;
  // checkedPages parsed this page with itemSchema.
  return { items: first.value.page as T[], whole: items.length <= FIRST_PAGE_SIZE };
}
