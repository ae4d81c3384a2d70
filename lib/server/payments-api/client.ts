import "server-only";
import type { z } from "zod";
import { normalizeBaseUrl, getPaymentsConfig } from "./config";
import { localError, mayHaveTakenEffect, PaymentsApiError } from "./errors";
import { sendRaw, type RawResponse } from "./http";
import { abortReason, backoffDelay, isRetryableStatus, parseRetryAfter, resolveRetryPolicy, sleep as defaultSleep, type RetryPolicy } from "./retry";
import {
  chargebackListSchema,
  createPaymentLinkBodySchema,
  createPayoutBodySchema,
  envelopeSchema,
  idempotencyKeySchema,
  paymentLinkListSchema,
  PaymentLinkSchema,
  PayoutCreatedSchema,
  PayoutSchema,
  resourceIdSchema,
  setBlockedBodySchema,
  SubaccountSchema,
  updateSubaccountBodySchema,
  type Chargeback,
  type CreatePaymentLinkInput,
  type CreatePayoutBody,
  type PaymentLink,
  type Payout,
  type PayoutCreated,
  type SetBlockedBody,
  type Subaccount,
  type UpdateSubaccountInput,
} from "../../shared/schemas";

export { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry";
export { PaymentsApiError, isPaymentsApiError, mayHaveTakenEffect } from "./errors";

/**
 * The only code that talks to the payments API. Every call goes through `execute`:
 * allowlisted operation → local checks (credential kind, id, body) → attempts with a
 * per-attempt timeout, full-jitter backoff, Retry-After floor and a total deadline →
 * envelope + resource schema on the response. See docs/payments-client.md.
 */

export type Credential = { kind: "api_key"; apiKey: string } | { kind: "bearer"; accessToken: string; businessId: string };

export interface PaymentsClientOptions {
  /** Defaults to getPaymentsConfig().baseUrl. */
  baseUrl?: string;
  credential: Credential;
  retry?: Partial<RetryPolicy>;
  /** [0, 1) source for the backoff jitter; Math.random by default. */
  random?: () => number;
  /** Waits between attempts; must reject (or return) when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface AttemptInfo {
  /** 1-based number of the attempt about to be sent. */
  attempt: number;
  /** Wait that preceded it (0 for the first). */
  delayMs: number;
  /** The failure that caused this retry (absent on the first attempt). */
  error?: PaymentsApiError;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Called right before every attempt is sent. */
  onAttempt?: (info: AttemptInfo) => void;
}

export type IdempotentCallOptions = CallOptions & { idempotencyKey: string };

/** One successful call to the payments API, as the client returns it (the sandbox's handlers return their own `ApiResult`). */
export interface PaymentsApiResponse<T> {
  data: T;
  requestId: string | null;
  attempts: number;
  /** The Idempotent-Replayed header said this response is a stored replay. */
  replayed: boolean;
}

export interface PaymentsClient {
  getPayout(id: string, opts?: CallOptions): Promise<PaymentsApiResponse<Payout>>;
  /** The body's `idempotency_key` is the operation's key: reuse it when the operator retries. */
  createPayout(body: CreatePayoutBody, opts?: CallOptions): Promise<PaymentsApiResponse<PayoutCreated>>;
  listChargebacks(opts?: CallOptions): Promise<PaymentsApiResponse<Chargeback[]>>;
  listPaymentLinks(opts?: CallOptions): Promise<PaymentsApiResponse<PaymentLink[]>>;
  createPaymentLink(body: CreatePaymentLinkInput, opts: IdempotentCallOptions): Promise<PaymentsApiResponse<PaymentLink>>;
  updateSubaccount(id: string, body: UpdateSubaccountInput, opts: IdempotentCallOptions): Promise<PaymentsApiResponse<Subaccount>>;
  setSubaccountBlocked(id: string, body: SetBlockedBody, opts?: CallOptions & { idempotencyKey?: string }): Promise<PaymentsApiResponse<Subaccount>>;
}

export const USER_AGENT = "pix-ops-dashboard/0.1";

type Method = "GET" | "POST";

interface Operation<T> {
  method: Method;
  path: string;
  /** Serialised once, so every retry resends the identical bytes (and idempotency key). */
  body?: string;
  idempotencyKey?: string;
  /** Whether a bearer credential may call it (the spec shows bearer on two reads only). */
  bearer: boolean;
  schema: z.ZodType<T>;
}

type AttemptOutcome<T> = { ok: true; result: PaymentsApiResponse<T> } | { ok: false; error: PaymentsApiError; retryAfterMs: number | null };

export function createPaymentsClient(options: PaymentsClientOptions): PaymentsClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? getPaymentsConfig().baseUrl);
  const authHeaders = buildAuthHeaders(options.credential);
  const isBearer = options.credential.kind === "bearer";
  const policy = resolveRetryPolicy(options.retry);
  const random = options.random ?? Math.random;
  const wait = options.sleep ?? defaultSleep;

  async function execute<T>(op: Operation<T>, call: CallOptions = {}): Promise<PaymentsApiResponse<T>> {
    if (isBearer && !op.bearer) {
      throw localError(403, "forbidden_for_credential", "This operation needs an API key; a bearer token may only read payouts and chargebacks.");
    }
    const { signal, onAttempt } = call;
    if (signal?.aborted) throw abortReason(signal);

    const deadlineAt = Date.now() + policy.deadlineMs;
    let delayMs = 0;
    let lastError: PaymentsApiError | undefined;
    let maybeCommitted = false;
    const fail = (error: PaymentsApiError): PaymentsApiError => {
      error.maybeCommitted = maybeCommitted;
      return error;
    };

    for (let attempt = 1; ; attempt++) {
      onAttempt?.({ attempt, delayMs, error: lastError });
      const timeoutMs = Math.max(1, Math.min(policy.attemptTimeoutMs, deadlineAt - Date.now()));
      const outcome = await attemptOnce(op, attempt, timeoutMs, signal);
      if (outcome.ok) return outcome.result;

      lastError = outcome.error;
      if (mayHaveTakenEffect(lastError)) maybeCommitted = true;
      if (!lastError.retryable || attempt >= policy.maxAttempts) throw fail(lastError);

      // Full jitter, with the server's Retry-After as a floor; give up rather than cross the deadline.
      delayMs = Math.max(backoffDelay(attempt - 1, policy, random), outcome.retryAfterMs ?? 0);
      if (Date.now() + delayMs >= deadlineAt) throw fail(lastError);
      await wait(delayMs, signal);
      if (signal?.aborted) throw abortReason(signal);
    }
  }

  async function attemptOnce<T>(op: Operation<T>, attempt: number, timeoutMs: number, callerSignal: AbortSignal | undefined): Promise<AttemptOutcome<T>> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    callerSignal?.addEventListener("abort", onCallerAbort, { once: true });

    const headers: Record<string, string> = { ...authHeaders, accept: "application/json", "user-agent": USER_AGENT };
    if (op.method === "POST") headers["content-type"] = "application/json";
    if (op.idempotencyKey !== undefined) headers["idempotency-key"] = op.idempotencyKey;

    let response: RawResponse;
    try {
      response = await sendRaw({ method: op.method, url: `${baseUrl}${op.path}`, headers, body: op.body, signal: controller.signal });
    } catch (error) {
      if (callerSignal?.aborted) throw abortReason(callerSignal);
      if (timedOut) {
        return {
          ok: false,
          retryAfterMs: null,
          error: new PaymentsApiError({
            kind: "timeout",
            status: 504,
            code: "upstream_timeout",
            message: `The payments API did not answer within ${timeoutMs} ms.`,
            details: { timeout_ms: timeoutMs },
            attempts: attempt,
            retryable: true,
          }),
        };
      }
      const cause = networkErrorCode(error);
      return {
        ok: false,
        retryAfterMs: null,
        error: new PaymentsApiError({
          kind: "network",
          status: 502,
          code: "upstream_unreachable",
          message: `The connection to the payments API failed (${cause}).`,
          details: { cause },
          attempts: attempt,
          retryable: true,
        }),
      };
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    }
    return interpret(op, response, attempt);
  }

  function get<T>(path: string, schema: z.ZodType<T>, bearer: boolean, call?: CallOptions) {
    return execute({ method: "GET", path, bearer, schema }, call);
  }

  function post<T>(path: string, body: unknown, schema: z.ZodType<T>, idempotencyKey: string | undefined, call?: CallOptions) {
    return execute({ method: "POST", path, body: JSON.stringify(body), idempotencyKey, bearer: false, schema }, call);
  }

  return {
    getPayout: async (id, opts) => get(`/v1/payouts/${pathId(id)}`, PayoutSchema, true, opts),

    createPayout: async (body, opts) => post("/v1/payouts", validBody(createPayoutBodySchema, body), PayoutCreatedSchema, undefined, opts),

    listChargebacks: async (opts) => get("/v1/chargebacks", chargebackListSchema, true, opts),

    listPaymentLinks: async (opts) => get("/v1/payment-links", paymentLinkListSchema, false, opts),

    createPaymentLink: async (body, opts) =>
      post("/v1/payment-links", validBody(createPaymentLinkBodySchema, body), PaymentLinkSchema, headerKey(opts.idempotencyKey), opts),

    updateSubaccount: async (id, body, opts) =>
      post(`/v1/subaccounts/${pathId(id)}/update`, validBody(updateSubaccountBodySchema, body), SubaccountSchema, headerKey(opts.idempotencyKey), opts),

    setSubaccountBlocked: async (id, body, opts) =>
      post(
        `/v1/subaccounts/${pathId(id)}/blocked`,
        validBody(setBlockedBodySchema, body),
        SubaccountSchema,
        opts?.idempotencyKey === undefined ? undefined : headerKey(opts.idempotencyKey),
        opts,
      ),
  };
}

/** The one place credentials become headers. */
function buildAuthHeaders(credential: Credential): Record<string, string> {
  if (credential.kind === "api_key") {
    return { "x-api-key": headerValue(credential.apiKey, "apiKey") };
  }
  return {
    authorization: `Bearer ${headerValue(credential.accessToken, "accessToken")}`,
    "x-business-id": headerValue(credential.businessId, "businessId"),
  };
}

/** Rejects empty or header-breaking values without ever echoing them. */
function headerValue(value: string, name: string): string {
  if (typeof value !== "string" || value.trim() === "" || /[^\x21-\x7e]/.test(value)) {
    throw new TypeError(`Payments credential field ${name} is missing or malformed.`);
  }
  return value;
}

function pathId(id: string): string {
  const parsed = resourceIdSchema.safeParse(id);
  if (!parsed.success) {
    throw localError(422, "invalid_id", "The identifier is not a valid resource id.", { fields: fieldsFromIssues(parsed.error.issues, "id") });
  }
  return encodeURIComponent(parsed.data);
}

function headerKey(key: string): string {
  const parsed = idempotencyKeySchema.safeParse(key);
  if (!parsed.success) {
    throw localError(422, "validation_error", "The idempotency key is invalid.", { fields: fieldsFromIssues(parsed.error.issues, "idempotency_key") });
  }
  return parsed.data;
}

function validBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw localError(422, "validation_error", "The request has invalid fields.", { fields: fieldsFromIssues(parsed.error.issues, "_form") });
  }
  return parsed.data;
}

/** `{ "a.b": "validation.x" }`, first message per field; issues on the whole value use `rootName`. */
export function fieldsFromIssues(issues: readonly z.core.$ZodIssue[], rootName: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length === 0 ? rootName : issue.path.map(String).join(".");
    fields[key] ??= issue.message;
  }
  return fields;
}

function interpret<T>(op: Operation<T>, response: RawResponse, attempt: number): AttemptOutcome<T> {
  const { status, headers } = response;
  const headerRequestId = headers["x-request-id"] ?? null;
  const retryAfterMs = parseRetryAfter(headers["retry-after"]);
  const statusRetryable = isRetryableStatus(status, op.method);
  const failed = (error: PaymentsApiError): AttemptOutcome<T> => ({ ok: false, error, retryAfterMs });

  const envelope = envelopeSchema.safeParse(parseJson(response.text));
  if (!envelope.success) {
    // A proxy's HTML page, an empty body, or JSON that is not the envelope: say so, never echo it.
    const contentType = headers["content-type"]?.split(";")[0]?.trim() || "no content type";
    const isError = status < 200 || status >= 300;
    return failed(
      new PaymentsApiError({
        kind: "invalid_response",
        status: isError ? status : 502,
        code: "upstream_invalid_response",
        message: `The payments API answered HTTP ${status} with an unexpected body (${contentType}) instead of its JSON envelope.`,
        details: { upstream_status: status, content_type: contentType },
        requestId: headerRequestId,
        attempts: attempt,
        retryable: isError && statusRetryable,
        unreadableSuccess: !isError,
      }),
    );
  }

  const requestId = envelope.data.request_id ?? headerRequestId;
  const upstreamError = envelope.data.error;
  if (upstreamError || status < 200 || status >= 300) {
    const isError = status < 200 || status >= 300;
    return failed(
      new PaymentsApiError({
        kind: "http",
        status: isError ? status : 502,
        code: upstreamError?.code ?? `http_${status}`,
        message: upstreamError?.message || `The payments API answered HTTP ${status}.`,
        details: upstreamError?.details ?? null,
        requestId,
        attempts: attempt,
        retryable: isError && statusRetryable,
      }),
    );
  }

  const data = op.schema.safeParse(envelope.data.data);
  if (!data.success) {
    // Paths and issue codes only: the values may be personal data.
    const issues = data.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.map(String).join("."), code: issue.code }));
    return failed(
      new PaymentsApiError({
        kind: "invalid_response",
        status: 502,
        code: "upstream_invalid_response",
        message: "The payments API answered with data that does not match the expected shape.",
        details: { issues },
        requestId,
        attempts: attempt,
        retryable: false,
        unreadableSuccess: true,
      }),
    );
  }

  return {
    ok: true,
    result: { data: data.data, requestId, attempts: attempt, replayed: headers["idempotent-replayed"]?.trim().toLowerCase() === "true" },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A short, credential-free cause such as ECONNRESET or UND_ERR_SOCKET. */
function networkErrorCode(error: unknown): string {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current === "object" && "code" in current && typeof current.code === "string" && /^[A-Z0-9_]+$/.test(current.code)) {
      return current.code;
    }
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return "network_error";
}
