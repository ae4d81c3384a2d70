import "server-only";
import { z } from "zod";
import { localError } from "./errors";
import { idempotencyKeySchema, resourceIdSchema } from "../../shared/schemas";
import type { Credential } from "./types";

/** Checks made before anything is sent: credential headers, path ids, idempotency keys, bodies. */

/** The one place credentials become headers. */
export function buildAuthHeaders(credential: Credential): Record<string, string> {
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

export function pathId(id: string): string {
  const parsed = resourceIdSchema.safeParse(id);
  if (!parsed.success) {
    throw localError(422, "invalid_id", "The identifier is not a valid resource id.", {
      fields: fieldsFromIssues(parsed.error.issues, "id"),
    });
  }
  return encodeURIComponent(parsed.data);
}

export function headerKey(key: string): string {
  const parsed = idempotencyKeySchema.safeParse(key);
  if (!parsed.success) {
    throw localError(422, "validation_error", "The idempotency key is invalid.", {
      fields: fieldsFromIssues(parsed.error.issues, "idempotency_key"),
    });
  }
  return parsed.data;
}

export function validBody<T>(schema: z.core.$ZodType<T>, body: unknown): T {
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) {
    throw localError(422, "validation_error", "The request has invalid fields.", {
      fields: fieldsFromIssues(parsed.error.issues, "_form"),
    });
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
