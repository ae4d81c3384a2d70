import "server-only";
import { safeParse, type $ZodType } from "zod/v4/core";
import { can, type Permission } from "@/lib/shared/auth/roles";
import { FIRST_PAGE_SIZE } from "@/lib/shared/schemas/paged-list";
import { serverClock } from "@/lib/server/clock";
import { log } from "@/lib/server/log";
import { getPageSessionData } from "@/lib/server/session/page";
import { sessionParts, type HandlerResult, type SessionContext } from "./handler";

/**
 * A server-rendered page's first data, read through the same service as the
 * BFF route the browser would call, so the first paint already has it
 * (docs/performance.md, "Lighthouse"). It is an optimisation only: any failure,
 * a role without the route's permission, or an answer slower than the budget
 * gives `null`, and the browser fetches as before.
 */

/** The page waits at most this long for its first data before it renders without it. */
export const PREFETCH_BUDGET_MS = 2_000;

export interface PrefetchRequest<P, Q> {
  /** The route's permission: checked exactly as withSession checks it. */
  permission: Permission;
  /** The route's path, for services that read the request (and the log). */
  path: string;
  params?: P;
  query?: Q;
  /** The browser's Accept header for this route (the paged lists ask for pages). */
  accept?: string;
}

function withinBudget<T>(work: Promise<T>, ms: number): Promise<T | null> {
  const done = new AbortController();
  const timeout = new Promise<null>((resolve) => {
    serverClock()
      .sleep(ms, done.signal)
      .then(() => resolve(null), () => undefined);
  });
  return Promise.race([work, timeout]).finally(() => done.abort());
}

/** Runs `handler` as its route would for the page's session; null when the page should fetch it in the browser instead. */
export async function prefetchService<P, Q>(
  request: PrefetchRequest<P, Q>,
  handler: (ctx: SessionContext<P, Q, undefined>) => Promise<HandlerResult>,
): Promise<HandlerResult | null> {
  const session = await getPageSessionData();
  if (!session || !can(session.role, request.permission)) return null;
  const work = (async () =>
    handler({
      request: new Request(new URL(request.path, "http://page.invalid"), { headers: { accept: request.accept ?? "application/json" } }),
      params: request.params as P,
      query: request.query as Q,
      body: undefined,
      idempotencyKey: null,
      // Decides only the attributes of cookies a reply sets; a page's read sets none.
      secure: false,
      ...(await sessionParts(session)),
    }))();
  // A failure is logged and leaves the data to the browser, as does an answer that comes after the budget.
  const settled = work.catch((error: unknown) => {
    log.warn("page.prefetch_failed", { path: request.path, error });
    return null;
  });
  return withinBudget(settled, PREFETCH_BUDGET_MS);
}

/** What travels to the browser: the reply's `data` as JSON, as respondData writes it. */
function asJson(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** The reply's data as the browser's query holds it: serialised as the BFF sends it, then parsed with the browser's schema. */
export function replyData<T>(result: HandlerResult | null, schema: $ZodType<T>): T | null {
  if (!result || result.pages) return null;
  const parsed = safeParse(schema, asJson(result.data));
  return parsed.success ? parsed.data : null;
}

/** The first page of a paged reply, parsed with the browser's page schema, and whether it is the whole list. */
export function firstPage<T>(result: HandlerResult | null, pageSchema: $ZodType<T[]>): { items: T[]; whole: boolean } | null {
  if (!result?.pages) return null;
  const lines = result.pages[Symbol.iterator]();
  const first = lines.next();
  // No page at all is an empty list.
  if (first.done) return { items: [], whole: true };
  if (!("page" in first.value)) return null;
  const parsed = safeParse(pageSchema, asJson(first.value.page));
  if (!parsed.success) return null;
  // A short first page is the whole list; a full one is followed by more unless the list ends there.
  const whole = parsed.data.length < FIRST_PAGE_SIZE || lines.next().done === true;
  return { items: parsed.data, whole };
}
