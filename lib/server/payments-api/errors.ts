import "server-only";

/**
 * The one error type the payments client throws (apart from the caller's own abort
 * reason). Safe to log as a whole: it never carries the credential, the request
 * body or a raw upstream body.
 */
export type PaymentsErrorKind = "http" | "timeout" | "network" | "invalid_response";

export interface PaymentsApiErrorInit {
  kind: PaymentsErrorKind;
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown> | null;
  requestId?: string | null;
  attempts: number;
  retryable: boolean;
  /** The API answered 2xx, but with a body that could not be read: the operation happened. */
  unreadableSuccess?: boolean;
  /** The answer's Retry-After header, as sent. */
  retryAfter?: string | null;
}

export class PaymentsApiError extends Error {
  override readonly name = "PaymentsApiError";
  /** HTTP status: as received, or 504 (timeout / deadline) and 502 (network, invalid response) when none. */
  readonly status: number;
  /** Upstream error code, or one of the client's own (`upstream_timeout`, `upstream_unreachable`, ...). */
  readonly code: string;
  readonly details: Record<string, unknown> | null;
  /** From the envelope's request_id or the X-Request-Id header; null when no response came. */
  readonly requestId: string | null;
  /** Requests actually sent for this operation (0 when rejected locally). */
  readonly attempts: number;
  readonly kind: PaymentsErrorKind;
  /** Whether this failure, on its own, is of a kind the client retries. */
  readonly retryable: boolean;
  /** The API answered 2xx, but with a body that could not be read: the operation happened. */
  readonly unreadableSuccess: boolean;
  /**
   * The answer's Retry-After header as sent (delta-seconds or an HTTP date), null
   * when it had none or no answer came. Kept raw so whoever waits on it (the batch
   * worker's back-off) reads it against its own clock: lib/server/payments-api/retry.ts parseRetryAfter.
   */
  readonly retryAfter: string | null;
  /**
   * Whether any request of this operation may have reached the API and taken
   * effect without a definite answer (a timeout, a dropped connection, a 5xx,
   * an unreadable reply). Set by the client on the error it finally throws; a
   * 4xx with this set says nothing about the earlier attempts.
   */
  maybeCommitted = false;

  constructor(init: PaymentsApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? null;
    this.requestId = init.requestId ?? null;
    this.attempts = init.attempts;
    this.kind = init.kind;
    this.retryable = init.retryable;
    this.unreadableSuccess = init.unreadableSuccess ?? false;
    this.retryAfter = init.retryAfter ?? null;
  }

  /** More than one request was sent before giving up. */
  get retried(): boolean {
    return this.attempts > 1;
  }

  /** What structured loggers and JSON.stringify see (a plain Error would serialise to {}). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      status: this.status,
      code: this.code,
      message: this.message,
      details: this.details,
      requestId: this.requestId,
      attempts: this.attempts,
      retried: this.retried,
      retryable: this.retryable,
      retryAfter: this.retryAfter,
      maybeCommitted: this.maybeCommitted,
    };
  }
}

export function isPaymentsApiError(error: unknown): error is PaymentsApiError {
  return error instanceof PaymentsApiError;
}

/** A failure decided before any request was sent (bad id, bad body, wrong credential). */
export function localError(
  status: number,
  code: string,
  message: string,
  details: Record<string, unknown> | null = null,
): PaymentsApiError {
  return new PaymentsApiError({ kind: "http", status, code, message, details, attempts: 0, retryable: false });
}

/** Connection failures that happen before a request is written: nothing can have reached the API. */
const NOT_SENT_CAUSES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/** Whether this one failed attempt may have taken effect upstream without a definite answer. */
export function mayHaveTakenEffect(error: PaymentsApiError): boolean {
  if (error.attempts === 0) return false;
  if (error.unreadableSuccess || error.kind === "timeout") return true;
  if (error.kind === "network") return !NOT_SENT_CAUSES.has(String(error.details?.cause ?? ""));
  return error.status >= 500;
}
