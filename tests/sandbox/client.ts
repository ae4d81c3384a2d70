/** Tiny fetch wrapper for the sandbox tests (real HTTP, no mocks). */
import { randomUUID } from "node:crypto";

export interface Envelope<T = unknown> {
  data: T;
  error: { code: string; message: string; details: Record<string, unknown> } | null;
  request_id: string;
}

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

export interface CallOptions {
  /** X-API-Key value. */
  key?: string;
  /** Authorization: Bearer <token> and, when given, X-Business-Id. */
  bearer?: { token: string; businessId?: string };
  /** JSON-encoded as the body. */
  body?: unknown;
  /** Sent as-is (wins over `body`). */
  rawBody?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key !== undefined) headers["x-api-key"] = opts.key;
  if (opts.bearer) {
    headers.authorization = `Bearer ${opts.bearer.token}`;
    if (opts.bearer.businessId !== undefined) headers["x-business-id"] = opts.bearer.businessId;
  }
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
    headers["content-type"] = "application/json";
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: opts.signal });
  const text = await res.text();
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`non-JSON response ${res.status}: ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/** A fresh idempotency key. */
export function idemKey(): string {
  return `test-${randomUUID()}`;
}

export function validPayout(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    amount_centavos: 10_000,
    pix_key: "maria@example.com",
    pix_key_type: "email",
    idempotency_key: idemKey(),
    ...overrides,
  };
}

export function uniqueSlug(prefix = "link"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}
