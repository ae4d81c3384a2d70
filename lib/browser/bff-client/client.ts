import { z } from "zod/mini";
import { bffEnvelopeSchema } from "@/lib/shared/schemas/envelope";
import { BffRequestError, isAbortError } from "./errors";

/**
 * Browser-side fetcher for the dashboard's own route handlers (`/api/**`, see
 * docs/bff-api.md). It never talks to the payments API directly.
 *
 * - Always sends `X-Requested-By: dashboard` (CSRF guard) and, with a body,
 *   `Content-Type: application/json`; `Idempotency-Key` when given.
 * - Parses the envelope, then `data` with the given zod schema.
 * - Throws `BffRequestError` (status, code, message, fields, requestId, details);
 *   a network failure is `code: "network_error"`, status 0. A caller's abort
 *   rethrows the AbortError untouched (React Query treats it as a cancel).
 * - On 401 `unauthenticated` it sends the browser to `/login?next=<current path>`
 *   once (not from /login itself), then throws. `credential_rejected` (the API
 *   refused the workspace's key) is a 409: signing in again would not help.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryValue = string | number | boolean | null | undefined;

export interface BffFetchOptions<T> {
  method?: HttpMethod;
  /** JSON-serialisable body. */
  body?: unknown;
  /** Query parameters; null/undefined/"" are left out. */
  query?: Readonly<Record<string, QueryValue | readonly QueryValue[]>>;
  /** One per operation, reused for retries: forms get it from `useIdempotentSubmit()`, dialogs from `useIdempotencyKey()`. */
  idempotencyKey?: string;
  /** Validates and types `data`. */
  schema?: z.core.$ZodType<T>;
  signal?: AbortSignal;
  /** Default true. Set false where a 401 is an expected answer to show in place. */
  redirectOnAuthError?: boolean;
}

let authRedirectStarted = false;

/** For tests: allow another auth redirect. */
export function resetAuthRedirect(): void {
  authRedirectStarted = false;
}

/** `/login?next=<path>` for the page the browser is on now. */
export function loginUrlForCurrentPage(): string {
  if (typeof window === "undefined") return "/login";
  const { pathname, search } = window.location;
  if (pathname === "/" || pathname.startsWith("/login")) return "/login";
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}

function redirectToLogin(): void {
  if (typeof window === "undefined" || authRedirectStarted) return;
  if (window.location.pathname.startsWith("/login")) return;
  authRedirectStarted = true;
  window.location.assign(loginUrlForCurrentPage());
}

/** Appends query parameters to a path, skipping empty values; arrays repeat the key. */
export function withQuery(path: string, query: BffFetchOptions<unknown>["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === null || value === undefined || value === "") continue;
      params.append(key, String(value));
    }
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${qs}`;
}

export function bffFetch<T>(path: string, options: BffFetchOptions<T> & { schema: z.core.$ZodType<T> }): Promise<T>;
export function bffFetch(path: string, options?: BffFetchOptions<unknown>): Promise<unknown>;
export async function bffFetch<T>(path: string, options: BffFetchOptions<T> = {}): Promise<T | unknown> {
  const {
    method = options.body === undefined ? "GET" : "POST",
    body,
    query,
    idempotencyKey,
    schema,
    signal,
    redirectOnAuthError = true,
  } = options;
  const response = await sendToBff(withQuery(path, query), { method, body, idempotencyKey, signal });
  return readEnvelope(response, { schema, signal, redirectOnAuthError });
}

/** One request to the BFF with the dashboard's headers; a network failure becomes `network_error`. */
export async function sendToBff(
  url: string,
  {
    method,
    body,
    idempotencyKey,
    signal,
    accept = "application/json",
  }: { method: HttpMethod; body?: unknown; idempotencyKey?: string; signal?: AbortSignal; accept?: string },
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: accept,
    "X-Requested-By": "dashboard",
  };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;

  try {
    return await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
      signal,
    });
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) throw error;
    throw new BffRequestError({ status: 0, code: "network_error", message: "errors.network_error" });
  }
}

/** A reply that is not a BFF envelope: an invalid response when it says OK, else an HTTP error. */
function unreadableReply(response: Response): BffRequestError {
  return new BffRequestError({
    status: response.status,
    code: response.ok ? "invalid_response" : "http_error",
    message: response.ok ? "errors.invalid_response" : "errors.http_error",
    requestId: response.headers.get("x-request-id"),
  });
}

/** The reply's envelope: `data` checked with the schema, or the error it carries thrown (a 401 sends the browser to sign in). */
export async function readEnvelope<T>(
  response: Response,
  {
    schema,
    signal,
    redirectOnAuthError = true,
  }: { schema?: z.core.$ZodType<T>; signal?: AbortSignal; redirectOnAuthError?: boolean },
): Promise<T | unknown> {
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) throw error;
    throw unreadableReply(response);
  }
  const envelope = bffEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw unreadableReply(response);
  }

  const { data, error, request_id: requestId } = envelope.data;
  if (error || !response.ok) {
    const failure = new BffRequestError({
      status: response.status,
      code: error?.code ?? "http_error",
      message: error?.message || "errors.http_error",
      fields: error?.fields,
      details: error?.details,
      providerMessage: error?.provider_message,
      requestId,
    });
    if (redirectOnAuthError && failure.isAuthError) redirectToLogin();
    throw failure;
  }

  if (!schema) return data;
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) {
    throw new BffRequestError({
      status: response.status,
      code: "invalid_response",
      message: "errors.invalid_response",
      requestId,
      details: { issues: parsed.error.issues.slice(0, 5).map((i) => ({ path: i.path.join("."), message: i.message })) },
    });
  }
  return parsed.data;
}
