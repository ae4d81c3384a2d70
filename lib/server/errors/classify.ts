import "server-only";
import { $ZodError } from "zod/v4/core";
import { isPaymentsApiError, type PaymentsApiError } from "@/lib/server/payments-api/errors";
import { ALTERNATE_STATUSES } from "@/lib/shared/errors/catalogue";
import { log } from "@/lib/server/log";
import { BffError } from "./bff-error";
import { bffRequestId } from "./request-id";

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

function fromUpstream(error: PaymentsApiError): BffError {
  const requestId = error.requestId;
  if (
    error.kind === "http" &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429 &&
    error.status !== 408
  ) {
    if (error.status === 401)
      // The workspace's key, not the person's session: signing in again cannot help, an owner replacing the key can.
      return new BffError(
        "credential_rejected",
        "The payments API refused the workspace's API key. An owner must store a new one in Settings.",
        { requestId },
      );
    if (error.status === 403) {
      const message = error.message || "The payments API does not allow this credential to do that.";
      return error.code
        ? BffError.passedOn(403, error.code, message, { requestId })
        : new BffError("forbidden", message, {
            requestId,
            ...(error.message ? { providerMessage: error.message } : {}),
          });
    }
    const fields = upstreamFields(error);
    return BffError.passedOn(error.status, error.code, error.message || "The payments API refused the request.", {
      requestId,
      ...(fields ? { fields } : {}),
    });
  }
  if (error.kind === "timeout")
    return new BffError("upstream_timeout", "The payments API did not answer in time.", { requestId });
  if (error.kind === "invalid_response") {
    return new BffError(
      "upstream_invalid_response",
      "The payments API answered with something the dashboard could not read.",
      { requestId },
    );
  }
  if (error.status === 503 || error.status === 429) {
    return new BffError("upstream_unavailable", "The payments API is busy or unavailable. Try again in a moment.", {
      requestId,
      status: ALTERNATE_STATUSES.upstream_unavailable,
    });
  }
  return new BffError("upstream_unavailable", "The payments API could not be reached or failed.", { requestId });
}

/** Unexpected errors already classified: the audit entry and the reply of one failure name the same request id. */
const seenUnexpected = new WeakMap<object, BffError>();

/**
 * Any error as the one error class, as a person will be told it: zod → 422 with
 * field messages; the API's 4xx → its code and message; upstream failure →
 * 502/503/504; anything else → an internal error that reveals nothing, logged
 * once with the BFF's own request id however often it is classified (the audit
 * log records it, then the route answers it). The upstream request_id is always kept.
 */
export function toBffError(error: unknown): BffError {
  if (error instanceof BffError) return error;
  // $ZodError, not classic ZodError: the shared schemas are zod/mini ones, whose errors are not classic ZodErrors.
  if (error instanceof $ZodError)
    return new BffError("validation_error", "Some fields are invalid.", { fields: zodFields(error) });
  if (isPaymentsApiError(error)) return fromUpstream(error);
  const seen = typeof error === "object" && error !== null ? seenUnexpected.get(error) : undefined;
  if (seen) return seen;
  const requestId = bffRequestId();
  log.error("bff.unexpected_error", { requestId, error });
  const internal = new BffError(
    "internal_error",
    "Something went wrong on our side. Try again; if it persists, contact support.",
    { requestId },
  );
  if (typeof error === "object" && error !== null) seenUnexpected.set(error, internal);
  return internal;
}
