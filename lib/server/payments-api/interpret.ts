import "server-only";
import { z } from "zod";
import { PaymentsApiError } from "./errors";
import type { RawResponse } from "./http";
import { isRetryableStatus, parseRetryAfter } from "./retry";
import { envelopeSchema } from "../../shared/schemas";
import type { PaymentsApiResponse } from "./types";

/** Reading one upstream response: envelope, status, resource schema → a result or a typed error. */

export type Method = "GET" | "POST";

export interface Operation<T> {
  method: Method;
  path: string;
  /** Serialised once, so every retry resends the identical bytes (and idempotency key). */
  body?: string;
  idempotencyKey?: string;
  /** Whether a bearer credential may call it (the spec shows bearer on two reads only). */
  bearer: boolean;
  schema: z.core.$ZodType<T>;
}

export type AttemptOutcome<T> =
  { ok: true; result: PaymentsApiResponse<T> } | { ok: false; error: PaymentsApiError; retryAfterMs: number | null };

/** `now`: the client's clock, for a Retry-After given as an HTTP date. */
export function interpret<T>(op: Operation<T>, response: RawResponse, attempt: number, now: number): AttemptOutcome<T> {
  const { status, headers } = response;
  const headerRequestId = headers["x-request-id"] ?? null;
  const retryAfter = headers["retry-after"]?.trim() || null;
  const retryAfterMs = parseRetryAfter(retryAfter ?? undefined, now);
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
        retryAfter,
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
        retryAfter,
      }),
    );
  }

  const data = z.safeParse(op.schema, envelope.data.data);
  if (!data.success) {
    // Paths and issue codes only: the values may be personal data.
    const issues = data.error.issues
      .slice(0, 20)
      .map((issue) => ({ path: issue.path.map(String).join("."), code: issue.code }));
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
    result: {
      data: data.data,
      requestId,
      attempts: attempt,
      replayed: headers["idempotent-replayed"]?.trim().toLowerCase() === "true",
    },
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
export function networkErrorCode(error: unknown): string {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (
      typeof current === "object" &&
      "code" in current &&
      typeof current.code === "string" &&
      /^[A-Z0-9_]+$/.test(current.code)
    ) {
      return current.code;
    }
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return "network_error";
}
