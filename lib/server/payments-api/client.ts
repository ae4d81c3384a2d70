import "server-only";
import type { z } from "zod";
import { normalizeBaseUrl, getPaymentsConfig } from "./config";
import { localError, mayHaveTakenEffect, PaymentsApiError } from "./errors";
import { sendRaw, type RawResponse } from "./http";
import { interpret, networkErrorCode, type AttemptOutcome, type Operation } from "./interpret";
import { buildAuthHeaders, headerKey, pathId, validBody } from "./request-checks";
import { abortReason, backoffDelay, resolveRetryPolicy, type RetryPolicy } from "./retry";
import type { Credential, PaymentsApiResponse } from "./types";
import { after, systemClock, type Clock } from "../../shared/clock";
import {
  chargebackItemsSchema,
  chargebackListSchema,
  createPaymentLinkBodySchemaAt,
  createPayoutBodySchema,
  paymentLinkItemsSchema,
  paymentLinkListSchema,
  PaymentLinkSchema,
  PayoutCreatedSchema,
  PayoutSchema,
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
export { fieldsFromIssues } from "./request-checks";
export type { Credential, PaymentsApiResponse } from "./types";

/**
 * The only code that talks to the payments API. Every call goes through `execute`:
 * allowlisted operation → local checks (credential kind, id, body) → attempts with a
 * per-attempt timeout, full-jitter backoff, Retry-After floor and a total deadline →
 * envelope + resource schema on the response. See docs/payments-client.md.
 */

export interface PaymentsClientOptions {
  /** Defaults to getPaymentsConfig().baseUrl. */
  baseUrl?: string;
  credential: Credential;
  retry?: Partial<RetryPolicy>;
  /** [0, 1) source for the backoff jitter; Math.random by default. */
  random?: () => number;
  /**
   * Time for the deadline, the per-attempt timeout, the backoff waits and an
   * HTTP-date Retry-After; the system clock by default (tests pass one they advance).
   */
  clock?: Clock;
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

export interface PaymentsClient {
  getPayout(id: string, opts?: CallOptions): Promise<PaymentsApiResponse<Payout>>;
  /** The body's `idempotency_key` is the operation's key: reuse it when the operator retries. */
  createPayout(body: CreatePayoutBody, opts?: CallOptions): Promise<PaymentsApiResponse<PayoutCreated>>;
  listChargebacks(opts?: CallOptions): Promise<PaymentsApiResponse<Chargeback[]>>;
  listPaymentLinks(opts?: CallOptions): Promise<PaymentsApiResponse<PaymentLink[]>>;
  /** The same list with its items not yet checked: the caller checks them page by page (lib/server/http/paged-list.ts). */
  listPaymentLinkItems(opts?: CallOptions): Promise<PaymentsApiResponse<unknown[]>>;
  listChargebackItems(opts?: CallOptions): Promise<PaymentsApiResponse<unknown[]>>;
  createPaymentLink(
    body: CreatePaymentLinkInput,
    opts: IdempotentCallOptions,
  ): Promise<PaymentsApiResponse<PaymentLink>>;
  updateSubaccount(
    id: string,
    body: UpdateSubaccountInput,
    opts: IdempotentCallOptions,
  ): Promise<PaymentsApiResponse<Subaccount>>;
  setSubaccountBlocked(
    id: string,
    body: SetBlockedBody,
    opts?: CallOptions & { idempotencyKey?: string },
  ): Promise<PaymentsApiResponse<Subaccount>>;
}

export const USER_AGENT = "pix-ops-dashboard/0.1";
/** Ends an attempt's timer; a reason given spares abort() building a DOMException (with its stack) on every call. */
const ATTEMPT_SETTLED = Symbol("attempt settled");

export function createPaymentsClient(options: PaymentsClientOptions): PaymentsClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? getPaymentsConfig().baseUrl);
  const authHeaders = buildAuthHeaders(options.credential);
  const isBearer = options.credential.kind === "bearer";
  const policy = resolveRetryPolicy(options.retry);
  const random = options.random ?? Math.random;
  const clock = options.clock ?? systemClock;

  async function execute<T>(op: Operation<T>, call: CallOptions = {}): Promise<PaymentsApiResponse<T>> {
    if (isBearer && !op.bearer) {
      throw localError(
        403,
        "forbidden_for_credential",
        "This operation needs an API key; a bearer token may only read payouts and chargebacks.",
      );
    }
    const { signal, onAttempt } = call;
    if (signal?.aborted) throw abortReason(signal);

    const deadlineMs = op.method === "GET" ? Math.min(policy.readDeadlineMs, policy.deadlineMs) : policy.deadlineMs;
    const deadlineAt = clock.now() + deadlineMs;
    let delayMs = 0;
    let lastError: PaymentsApiError | undefined;
    let maybeCommitted = false;
    const fail = (error: PaymentsApiError): PaymentsApiError => {
      error.maybeCommitted = maybeCommitted;
      return error;
    };

    for (let attempt = 1; ; attempt++) {
      onAttempt?.({ attempt, delayMs, error: lastError });
      const timeoutMs = Math.max(1, Math.min(policy.attemptTimeoutMs, deadlineAt - clock.now()));
      const outcome = await attemptOnce(op, attempt, timeoutMs, signal);
      if (outcome.ok) return outcome.result;

      lastError = outcome.error;
      if (mayHaveTakenEffect(lastError)) maybeCommitted = true;
      if (!lastError.retryable || attempt >= policy.maxAttempts) throw fail(lastError);

      // Full jitter, with the server's Retry-After as a floor; give up rather than cross the deadline.
      delayMs = Math.max(backoffDelay(attempt - 1, policy, random), outcome.retryAfterMs ?? 0);
      if (clock.now() + delayMs >= deadlineAt) throw fail(lastError);
      await clock.sleep(delayMs, signal);
      if (signal?.aborted) throw abortReason(signal);
    }
  }

  async function attemptOnce<T>(
    op: Operation<T>,
    attempt: number,
    timeoutMs: number,
    callerSignal: AbortSignal | undefined,
  ): Promise<AttemptOutcome<T>> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = new AbortController();
    after(clock, timeoutMs, timer.signal, () => {
      timedOut = true;
      controller.abort();
    });
    const onCallerAbort = () => controller.abort();
    callerSignal?.addEventListener("abort", onCallerAbort, { once: true });

    const headers: Record<string, string> = { ...authHeaders, accept: "application/json", "user-agent": USER_AGENT };
    if (op.method === "POST") headers["content-type"] = "application/json";
    if (op.idempotencyKey !== undefined) headers["idempotency-key"] = op.idempotencyKey;

    let response: RawResponse;
    try {
      response = await sendRaw({
        method: op.method,
        url: `${baseUrl}${op.path}`,
        headers,
        body: op.body,
        signal: controller.signal,
      });
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
      timer.abort(ATTEMPT_SETTLED);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    }
    return interpret(op, response, attempt, clock.now());
  }

  function get<T>(path: string, schema: z.core.$ZodType<T>, bearer: boolean, call?: CallOptions) {
    return execute({ method: "GET", path, bearer, schema }, call);
  }

  function post<T>(
    path: string,
    body: unknown,
    schema: z.core.$ZodType<T>,
    idempotencyKey: string | undefined,
    call?: CallOptions,
  ) {
    return execute({ method: "POST", path, body: JSON.stringify(body), idempotencyKey, bearer: false, schema }, call);
  }

  return {
    getPayout: async (id, opts) => get(`/v1/payouts/${pathId(id)}`, PayoutSchema, true, opts),

    createPayout: async (body, opts) =>
      post("/v1/payouts", validBody(createPayoutBodySchema, body), PayoutCreatedSchema, undefined, opts),

    listChargebacks: async (opts) => get("/v1/chargebacks", chargebackListSchema, true, opts),

    listPaymentLinks: async (opts) => get("/v1/payment-links", paymentLinkListSchema, false, opts),

    listPaymentLinkItems: async (opts) => get("/v1/payment-links", paymentLinkItemsSchema, false, opts),

    listChargebackItems: async (opts) => get("/v1/chargebacks", chargebackItemsSchema, true, opts),

    createPaymentLink: async (body, opts) =>
      post(
        "/v1/payment-links",
        validBody(createPaymentLinkBodySchemaAt(clock), body),
        PaymentLinkSchema,
        headerKey(opts.idempotencyKey),
        opts,
      ),

    updateSubaccount: async (id, body, opts) =>
      post(
        `/v1/subaccounts/${pathId(id)}/update`,
        validBody(updateSubaccountBodySchema, body),
        SubaccountSchema,
        headerKey(opts.idempotencyKey),
        opts,
      ),

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
