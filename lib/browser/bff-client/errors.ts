import { isKnownErrorCode, type KnownErrorCode } from "@/lib/shared/errors/catalogue";

/**
 * The one error type `bffFetch` throws (apart from an AbortError when the caller
 * cancels). `message` is the server's text or one of our translation keys
 * (`errors.network_error`), so always show it through `t()`.
 */
export interface BffRequestErrorInit {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  requestId?: string | null;
  details?: Record<string, unknown>;
  /** The payments API's own words (the envelope's `provider_message`). */
  providerMessage?: string | null;
}

export class BffRequestError extends Error {
  override readonly name = "BffRequestError";
  /** HTTP status; 0 when no response came (network failure). */
  readonly status: number;
  /** Envelope error code (`validation_error`, `forbidden`, `payout_outcome_unknown`, …) or `network_error` / `invalid_response`. */
  readonly code: string;
  /** Field path → message (a `validation.*` key or the API's own text). */
  readonly fields: Record<string, string>;
  /** The payments API's request id, when the request reached it: show it with a copy button. */
  readonly requestId: string | null;
  readonly details: Record<string, unknown>;
  /** The payments API's own words about the failure, when it was its answer: shown as the provider's. */
  readonly providerMessage: string | null;

  constructor(init: BffRequestErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.requestId = init.requestId ?? null;
    this.details = init.details ?? {};
    this.providerMessage = init.providerMessage ?? null;
  }

  /**
   * The code when it is one the dashboard knows (the catalogue's or the browser's
   * own), else null (a newer server's): compare this one, so a misspelt code fails tsc.
   */
  get knownCode(): KnownErrorCode | null {
    return isKnownErrorCode(this.code) ? this.code : null;
  }

  /** Worth retrying automatically (reads only): network failures and 5xx. */
  get isTransient(): boolean {
    return this.knownCode === "network_error" || this.status >= 500;
  }

  /** The session is gone: the UI should send the operator to sign in. */
  get isAuthError(): boolean {
    return this.status === 401 && this.knownCode === "unauthenticated";
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fields).length > 0;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      status: this.status,
      code: this.code,
      message: this.message,
      fields: this.fields,
      requestId: this.requestId,
      details: this.details,
      providerMessage: this.providerMessage,
    };
  }
}

export function isBffRequestError(error: unknown): error is BffRequestError {
  return error instanceof BffRequestError;
}

/** True for the error fetch throws when its signal is aborted. */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && "name" in error && (error as { name: unknown }).name === "AbortError"
  );
}
