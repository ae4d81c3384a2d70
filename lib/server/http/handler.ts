import "server-only";
import { z } from "zod";
import { can, type Permission, type Role } from "@/lib/shared/auth/roles";
import { getLedger, type Ledger } from "@/lib/server/ledger";
import type { PaymentsClient } from "@/lib/server/payments-api/client";
import { apiClientFor } from "../payments-api/for-credential";
import { idempotencyKeySchema } from "@/lib/shared/schemas/common";
import { authenticate } from "@/lib/server/session/authenticate";
import { log } from "@/lib/server/log";
import { isSecureRequest, serializeClearedSessionCookie } from "@/lib/server/session/cookie";
import type { SessionData } from "@/lib/server/session/session";
import { readJsonBody } from "./body";
import { assertSameOriginWrite } from "./csrf";
import { BffError, mapError } from "./errors";
import { respondData, respondError, respondFile, respondPages } from "./respond";
import type { PageLine } from "../services/paged-lists";

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

export interface SessionContext<P, Q, B> extends PublicContext<P, Q, B> {
  session: SessionData;
  businessId: string;
  actor: { name: string; role: Role };
  /** The payments API client, bound to this session's credential. */
  api: PaymentsClient;
}

export interface HandlerResult {
  data: unknown;
  status?: number;
  /** The payments API's request id of the call that produced this, if any. */
  requestId?: string | null;
  cookies?: string[];
  /** A list the browser asked to receive in pages (lib/server/services/paged-lists.ts); sent instead of `data`. */
  pages?: Iterable<PageLine>;
  /** A download instead of the JSON envelope (the results file of a batch). */
  file?: { body: string | Uint8Array<ArrayBuffer>; contentType: string; fileName: string };
}

type SessionParts = Pick<SessionContext<unknown, unknown, unknown>, "ledger" | "session" | "businessId" | "actor" | "api">;

/** What a session's handler context holds besides the request: for a route here, and for a page's read (prefetch.ts). */
export async function sessionParts(session: SessionData): Promise<SessionParts> {
  return {
    ledger: await getLedger(),
    session,
    businessId: session.business.id,
    actor: { name: session.operatorName, role: session.role },
    api: apiClientFor(session.credential),
  };
}

function readIdempotencyKey(request: Request, mode: InputOptions<unknown, unknown, unknown>["idempotencyKey"]): string | null {
  const raw = request.headers.get("idempotency-key");
  if (raw === null || raw === "") {
    if (mode === "required") throw new BffError("idempotency_key_required", "This operation needs an Idempotency-Key header.");
    return null;
  }
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw new BffError("validation_error", "The Idempotency-Key header is invalid.", { fields: { "Idempotency-Key": "validation.idempotencyKey" } });
  return parsed.data;
}

async function parseInputs<P, Q, B>(request: Request, context: RouteContext | undefined, options: InputOptions<P, Q, B>) {
  const url = new URL(request.url);
  const rawParams = context ? await context.params : {};
  const params = (options.params ? z.parse(options.params, rawParams) : rawParams) as P;
  const query = (options.query ? z.parse(options.query, Object.fromEntries(url.searchParams)) : {}) as Q;
  const body = (options.body ? z.parse(options.body, await readJsonBody(request, options.maxBodyBytes)) : undefined) as B;
  return { params, query, body };
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
      return respondData(result.status ?? 200, result.data, result.requestId ?? null, { cookies: result.cookies, secure });
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
  options: InputOptions<P, Q, B> & { permission: Permission | "any" },
  handler: (ctx: SessionContext<P, Q, B>) => Promise<HandlerResult>,
) {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    const auth = await authenticate(request.url, request.headers).catch((error: unknown) => {
      log.error("bff.session_check_failed", { error });
      return null;
    });
    if (!auth) return respondError(mapError(new Error("session check failed")), { secure: isSecureRequest(request.url, request.headers) });
    const secure = auth.secure;
    if (!auth.ok) {
      const cookies = auth.problem === "missing" ? [] : [serializeClearedSessionCookie(secure)];
      return respondError(mapError(new BffError("unauthenticated", "Sign in to continue.", { details: { reason: auth.problem } })), { cookies, secure });
    }
    const { session } = auth;
    try {
      if (options.permission !== "any" && !can(session.role, options.permission)) {
        throw new BffError("forbidden", "Your role cannot do this.");
      }
      assertSameOriginWrite(request.url, request.method, request.headers);
      const idempotencyKey = readIdempotencyKey(request, options.idempotencyKey);
      const inputs = await parseInputs(request, context, options);
      const result = await handler({ request, ...inputs, idempotencyKey, secure, ...(await sessionParts(session)) });
      const refreshed = result.cookies ? null : await auth.refreshCookie();
      const cookies = result.cookies ?? (refreshed ? [refreshed] : []);
      if (result.pages) return respondPages(result.pages, result.requestId ?? null, { cookies, secure });
      if (result.file) return respondFile(result.file, { cookies, secure });
      return respondData(result.status ?? 200, result.data, result.requestId ?? null, { cookies, secure });
    } catch (error) {
      return respondError(mapError(error), { secure });
    }
  };
}
