import "server-only";
import { z } from "zod";
import { can, type Permission } from "@/lib/shared/auth/roles";
import { getLedger, type Ledger } from "@/lib/server/ledger";
import { idempotencyKeySchema } from "@/lib/shared/schemas/common";
import { authenticate } from "@/lib/server/session/authenticate";
import { log } from "@/lib/server/log";
import { isSecureRequest, serializeClearedSessionCookie } from "@/lib/server/session/cookie";
import { readJsonBody } from "./body";
import { assertSameOriginWrite } from "./csrf";
import { BffError } from "@/lib/server/errors/bff-error";
import { sessionDeps, type Answer, type Download, type ServiceDeps } from "@/lib/server/services/context";
import { mapError } from "./errors";
import { checkedPages, checkedWhole, wantsPages } from "./paged-list";
import { respondData, respondError, respondFile, respondPages } from "./respond";

type RouteParams = Record<string, string | string[] | undefined>;
/** The second argument Next.js passes to a route handler. */
export interface RouteContext {
  params: Promise<RouteParams>;
}

interface InputOptions<P, Q, B> {
  params?: z.core.$ZodType<P>;
  query?: z.core.$ZodType<Q>;
  body?: z.core.$ZodType<B>;
  /** Money-moving and state-changing operations need the browser's idempotency key. */
  idempotencyKey?: "required" | "optional";
  /** A larger body limit than MAX_BODY_BYTES, for the one route that takes a whole file's rows (a batch). */
  maxBodyBytes?: number;
}

interface SessionOptions<P, Q, B> extends InputOptions<P, Q, B> {
  permission: Permission | "any";
  /**
   * The handler answers a whole list of the API's items, each to be checked with this schema: sent in
   * pages when the browser asks for them (lib/server/http/paged-list.ts), otherwise checked whole.
   */
  list?: z.core.$ZodType;
}

export interface PublicContext<P, Q, B> {
  request: Request;
  params: P;
  query: Q;
  body: B;
  idempotencyKey: string | null;
  /** Whether the request came over https (decides the cookie's name and attributes). */
  secure: boolean;
  ledger: Ledger;
}

/** A signed-in route's context: the request's parsed parts and the session's service dependencies. */
export type SessionContext<P, Q, B> = PublicContext<P, Q, B> & ServiceDeps;

/** What a handler gives back: a service's answer (a `created` one is a 201), or a download; cookies the reply sets. */
export type HandlerResult = (Answer<unknown> | Download) & { cookies?: string[] };

function readIdempotencyKey(
  request: Request,
  mode: InputOptions<unknown, unknown, unknown>["idempotencyKey"],
): string | null {
  const raw = request.headers.get("idempotency-key");
  if (raw === null || raw === "") {
    if (mode === "required")
      throw new BffError("idempotency_key_required", "This operation needs an Idempotency-Key header.");
    return null;
  }
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success)
    throw new BffError("validation_error", "The Idempotency-Key header is invalid.", {
      fields: { "Idempotency-Key": "validation.idempotencyKey" },
    });
  return parsed.data;
}

async function parseInputs<P, Q, B>(
  request: Request,
  context: RouteContext | undefined,
  options: InputOptions<P, Q, B>,
) {
  const url = new URL(request.url);
  const rawParams = context ? await context.params : {};
  const params = (options.params ? z.parse(options.params, rawParams) : rawParams) as P;
  const query = (options.query ? z.parse(options.query, Object.fromEntries(url.searchParams)) : {}) as Q;
  const body = (
    options.body ? z.parse(options.body, await readJsonBody(request, options.maxBodyBytes)) : undefined
  ) as B;
  return { params, query, body };
}

/** The HTTP reply for a handler's result: a download, a list in pages or checked whole, or the JSON envelope. */
function reply(
  request: Request,
  result: HandlerResult,
  options: Pick<SessionOptions<unknown, unknown, unknown>, "list">,
  extra: { cookies?: string[]; secure: boolean },
): Response {
  if ("download" in result) return respondFile(result.download, extra);
  const requestId = result.requestId ?? null;
  if (options.list) {
    const items = result.data;
    if (!Array.isArray(items)) throw new Error("a list route's handler must answer an array");
    if (wantsPages(request)) return respondPages(checkedPages(items, options.list), requestId, extra);
    return respondData(200, checkedWhole(items, options.list, requestId), requestId, extra);
  }
  return respondData(result.created ? 201 : 200, result.data, requestId, extra);
}

/**
 * Route handler for requests without a session (sign-in): CSRF checks, input
 * parsing, error mapping. The handler body then only parses, calls, responds.
 */
export function withPublic<P = RouteParams, Q = Record<string, never>, B = undefined>(
  options: InputOptions<P, Q, B>,
  handler: (ctx: PublicContext<P, Q, B>) => Promise<HandlerResult>,
) {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    // The same rule as the session check, so sign-in sets the cookie that later requests read.
    const secure = isSecureRequest(request.url, request.headers);
    try {
      assertSameOriginWrite(request.url, request.method, request.headers);
      const idempotencyKey = readIdempotencyKey(request, options.idempotencyKey);
      const inputs = await parseInputs(request, context, options);
      const result = await handler({ request, ...inputs, idempotencyKey, secure, ledger: await getLedger() });
      return reply(request, result, {}, { cookies: result.cookies, secure });
    } catch (error) {
      return respondError(mapError(error), { secure });
    }
  };
}

/**
 * Route handler for signed-in requests: session (401), role (403), CSRF,
 * idempotency key, zod parsing of params, query and body (422), error mapping,
 * and the sliding idle timeout.
 */
export function withSession<P = RouteParams, Q = Record<string, never>, B = undefined>(
  options: SessionOptions<P, Q, B>,
  handler: (ctx: SessionContext<P, Q, B>) => Promise<HandlerResult>,
) {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    const auth = await authenticate(request.url, request.headers).catch((error: unknown) => {
      log.error("bff.session_check_failed", { error });
      return null;
    });
    if (!auth)
      return respondError(mapError(new Error("session check failed")), {
        secure: isSecureRequest(request.url, request.headers),
      });
    const secure = auth.secure;
    if (!auth.ok) {
      const cookies = auth.problem === "missing" ? [] : [serializeClearedSessionCookie(secure)];
      return respondError(
        mapError(new BffError("unauthenticated", "Sign in to continue.", { details: { reason: auth.problem } })),
        { cookies, secure },
      );
    }
    const { session } = auth;
    try {
      if (options.permission !== "any" && !can(session.role, options.permission)) {
        throw new BffError("forbidden", "Your role cannot do this.");
      }
      // A workspace that requires 2FA lets a person without it do nothing but set it up (routes open to "any").
      if (options.permission !== "any" && session.twoFactorPending) {
        throw new BffError("two_factor_required", "This workspace requires two-step verification: set it up first.");
      }
      assertSameOriginWrite(request.url, request.method, request.headers);
      const idempotencyKey = readIdempotencyKey(request, options.idempotencyKey);
      const inputs = await parseInputs(request, context, options);
      const result = await handler({ request, ...inputs, idempotencyKey, secure, ...(await sessionDeps(session)) });
      const refreshed = result.cookies ? null : await auth.refreshCookie();
      const cookies = result.cookies ?? (refreshed ? [refreshed] : []);
      return reply(request, result, options, { cookies, secure });
    } catch (error) {
      return respondError(mapError(error), { secure });
    }
  };
}
