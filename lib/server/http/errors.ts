import "server-only";
import { $ZodError } from "zod/v4/core";
import { isPaymentsApiError, type PaymentsApiError } from "@/lib/server/payments-api/errors";
import type { BffErrorBody } from "@/lib/shared/schemas/envelope";
import { ALTERNATE_STATUSES, ERROR_CODES, errorStatus, passedOnCode, type AlternateStatus, type ErrorCode, type PassedOnCode, type ServerErrorCode } from "@/lib/shared/errors/catalogue";
import { log } from "@/lib/server/log";
import { bffRequestId } from "./respond";

type PassedOn = { status: number; code: PassedOnCode };
type BffErrorExtra = { fields?: Record<string, string>; details?: Record<string, unknown>; requestId?: string | null; headers?: Record<string, string> };

/**
 * The one error class of the BFF: everything a handler throws on purpose is one
 * of these. Its code comes from the catalogue (lib/shared/errors/catalogue.ts)
 * and the status follows from the code; `status` is only for a code's alternate.
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
    return new BffError({ status, code: passedOnCode(code) }, message, extra);
  }
}

export interface MappedError {
  status: number;
  body: BffErrorBody;
  requestId: string | null;
  headers?: Record<string, string>;
}

/** Field path → message, from zod issues (first issue per field wins). */
export function zodFields(error: $ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_form";
    fields[key] ??= issue.message;
  }
  return fields;
}

function upstreamFields(error: PaymentsApiError): Record<string, string> | undefined {
  const raw = error.details?.fields;
  if (!raw || typeof raw !== "object") return undefined;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value === "string") fields[key] = value;
    else if (Array.isArray(value) && typeof value[0] === "string") fields[key] = value[0];
  }
  return Object.keys(fields).length ? fields : undefined;
}

function mapUpstream(error: PaymentsApiError): MappedError {
  const requestId = error.requestId;
  if (error.kind === "http" && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 408) {
    if (error.status === 401) return mapBffError(new BffError("credential_rejected", "The payments API refused this session's credential. Sign in again.", { requestId }));
    if (error.status === 403) {
      const message = error.message || "The payments API does not allow this credential to do that.";
      return mapBffError(error.code ? BffError.passedOn(403, error.code, message, { requestId }) : new BffError("forbidden", message, { requestId }));
    }
    const fields = upstreamFields(error);
    return mapBffError(BffError.passedOn(error.status, error.code, error.message || "The payments API refused the request.", { requestId, ...(fields ? { fields } : {}) }));
  }
  if (error.kind === "timeout") return mapBffError(new BffError("upstream_timeout", "The payments API did not answer in time.", { requestId }));
  if (error.kind === "invalid_response") {
    return mapBffError(new BffError("upstream_invalid_response", "The payments API answered with something the dashboard could not read.", { requestId }));
  }
  if (error.status === 503 || error.status === 429) {
    return mapBffError(new BffError("upstream_unavailable", "The payments API is busy or unavailable. Try again in a moment.", { requestId, status: ALTERNATE_STATUSES.upstream_unavailable }));
  }
  return mapBffError(new BffError("upstream_unavailable", "The payments API could not be reached or failed.", { requestId }));
}

function mapBffError(error: BffError): MappedError {
  const { fields, details, requestId, headers } = error.extra;
  return {
    status: error.status,
    requestId: requestId ?? null,
    ...(headers ? { headers } : {}),
    body: { code: error.code, message: error.message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) },
  };
}

/**
 * The one error mapper: zod → 422 with field messages; the API's 4xx → its code
 * and message; upstream failure → 502/503/504; anything else → a 500 that
 * reveals nothing. The upstream request_id is always carried.
 */
export function mapError(error: unknown): MappedError {
  if (error instanceof BffError) return mapBffError(error);
  // $ZodError, not classic ZodError: the shared schemas are zod/mini ones, whose errors are not classic ZodErrors.
  if (error instanceof $ZodError) {
    return mapBffError(new BffError("validation_error", "Some fields are invalid.", { fields: zodFields(error) }));
  }
  if (isPaymentsApiError(error)) return mapUpstream(error);
  const requestId = bffRequestId();
  log.error("bff.unexpected_error", { requestId, error });
  return { status: ERROR_CODES.internal_error, requestId, body: { code: "internal_error", message: "Something went wrong on our side. Try again; if it persists, contact support." } };
}
