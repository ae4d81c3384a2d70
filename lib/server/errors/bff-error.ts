import "server-only";
import {
  errorStatus,
  passedOnCode,
  type AlternateStatus,
  type ErrorCode,
  type PassedOnCode,
  type ServerErrorCode,
} from "@/lib/shared/errors/catalogue";

type PassedOn = { status: number; code: PassedOnCode };
export type BffErrorExtra = {
  fields?: Record<string, string>;
  details?: Record<string, unknown>;
  requestId?: string | null;
  /** When trying again makes sense (the reply's Retry-After). */
  retryAfterSeconds?: number;
  /** The payments API's own words about this failure, shown to a person as the provider's (never as ours). */
  providerMessage?: string;
};

/**
 * The one error class of the server: everything a service or the route wrapper
 * throws on purpose is one of these. Its code comes from the catalogue
 * (lib/shared/errors/catalogue.ts) and the status follows from the code;
 * `status` is only for a code's alternate.
 */
export class BffError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: number;
  readonly code: ServerErrorCode;
  readonly extra: BffErrorExtra;

  constructor(code: C | PassedOn, message: string, extra: BffErrorExtra & { status?: AlternateStatus<C> } = {}) {
    super(message);
    this.name = "BffError";
    const { status, ...rest } = extra;
    if (typeof code === "string") {
      this.status = errorStatus(code, status);
      this.code = code;
    } else {
      this.status = code.status;
      this.code = code.code;
    }
    this.extra = rest;
  }

  /** The payments API's refusal passed on with its own code (not one of the catalogue's) and the given status. */
  static passedOn(status: number, code: string, message: string, extra: BffErrorExtra = {}): BffError {
    return new BffError({ status, code: passedOnCode(code) }, message, {
      ...(message ? { providerMessage: message } : {}),
      ...extra,
    });
  }
}
