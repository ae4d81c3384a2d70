import "server-only";
import { $ZodError } from "zod/v4/core";
import { isPaymentsApiError, type PaymentsApiError } from "@/lib/server/payments-api/errors";
import type { BffErrorBody } from "@/lib/shared/schemas/envelope";
import { log } from "@/lib/server/log";
import { bffRequestId } from "./respond";

/** The one error class of the BFF: everything a handler throws on purpose is one of these. */
export class BffError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { fields?: Record<string, string>; details?: Record<string, unknown>; requestId?: string | null; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "BffError";
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
    if (error.status === 401) {
      return { status: 401, requestId, body: { code: "credential_rejected", message: "The payments API refused this session's credential. Sign in again." } };
    }
    if (error.status === 403) {
      return { status: 403, requestId, body: { code: error.code || "forbidden", message: error.message || "The payments API does not allow this credential to do that." } };
    }
    const fields = upstreamFields(error);
    return { status: error.status, requestId, body: { code: error.code, message: error.message || "The payments API refused the request.", ...(fields ? { fields } : {}) } };
  }
  if (error.kind === "timeout") {
    return { status: 504, requestId, body: { code: "upstream_timeout", message: "The payments API did not answer in time." } };
  }
  if (error.kind === "invalid_response") {
    return { status: 502, requestId, body: { code: "upstream_invalid_response", message: "The payments API answered with something the dashboard could not read." } };
  }
  if (error.status === 503 || error.status === 429) {
    return { status: 503, requestId, body: { code: "upstream_unavailable", message: "The payments API is busy or unavailable. Try again in a moment." } };
  }
  return { status: 502, requestId, body: { code: "upstream_unavailable", message: "The payments API could not be reached or failed." } };
}

/**
 * The one error mapper: zod → 422 with field messages; the API's 4xx → its code
 * and message; upstream failure → 502/503/504; anything else → a 500 that
 * reveals nothing. The upstream request_id is always carried.
 */
export function mapError(error: unknown): MappedError {
  if (error instanceof BffError) {
    const { fields, details, requestId, headers } = error.extra;
    return {
      status: error.status,
      requestId: requestId ?? null,
      ...(headers ? { headers } : {}),
      body: { code: error.code, message: error.message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) },
    };
  }
  // $ZodError, not classic ZodError: the shared schemas are zod/mini ones, whose errors are not classic ZodErrors.
  if (error instanceof $ZodError) {
    return { status: 422, requestId: null, body: { code: "validation_error", message: "Some fields are invalid.", fields: zodFields(error) } };
  }
  if (isPaymentsApiError(error)) return mapUpstream(error);
  const requestId = bffRequestId();
  log.error("bff.unexpected_error", { requestId, error });
  return { status: 500, requestId, body: { code: "internal_error", message: "Something went wrong on our side. Try again; if it persists, contact support." } };
}
