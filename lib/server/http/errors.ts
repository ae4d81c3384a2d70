import "server-only";
import type { BffErrorBody } from "@/lib/shared/schemas/envelope";
import { toBffError } from "@/lib/server/errors/classify";

/** An error as the reply carries it: status, envelope body, request id and any headers. */
export interface MappedError {
  status: number;
  body: BffErrorBody;
  requestId: string | null;
  headers?: Record<string, string>;
}

/** The one error mapper (lib/server/errors/classify.ts decides what a failure is; this says it in HTTP). */
export function mapError(error: unknown): MappedError {
  const bff = toBffError(error);
  const { fields, details, requestId, retryAfterSeconds, providerMessage } = bff.extra;
  return {
    status: bff.status,
    requestId: requestId ?? null,
    ...(retryAfterSeconds !== undefined ? { headers: { "Retry-After": String(retryAfterSeconds) } } : {}),
    body: {
      code: bff.code,
      message: bff.message,
      ...(fields ? { fields } : {}),
      ...(details ? { details } : {}),
      ...(providerMessage ? { provider_message: providerMessage } : {}),
    },
  };
}
