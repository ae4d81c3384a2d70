import { z } from "zod/mini";
import { businessIdSchema } from "@/lib/shared/schemas/business-id";
import { storableText } from "@/lib/shared/schemas/common";

const operatorName = storableText({ error: "validation.required" }).check(
  z.trim(),
  z.minLength(2, { error: "validation.operatorName" }),
  z.maxLength(80, { error: "validation.tooLong" }),
);

/**
 * Credentials travel to the API as HTTP header values, so only printable ASCII
 * without spaces (the client refuses anything else, lib/server/payments-api/client.ts): a
 * key with another character is a 422 on its field, not a failure mid-sign-in.
 */
const CREDENTIAL_CHARS = /^[\x21-\x7e]+$/;

/** Operator sign-in: the business's API key (everything). */
export const operatorSignInSchema = z.object({
  apiKey: storableText({ error: "validation.required" }).check(
    z.trim(),
    z.minLength(8, { error: "validation.apiKey" }),
    z.maxLength(256, { error: "validation.apiKey" }),
    z.regex(CREDENTIAL_CHARS, { error: "validation.apiKey" }),
  ),
  operatorName,
});

/** Viewer sign-in (finance, support): an access token and its business id (payout lookup, chargebacks). */
export const viewerSignInSchema = z.object({
  accessToken: storableText({ error: "validation.required" }).check(
    z.trim(),
    z.minLength(8, { error: "validation.accessToken" }),
    z.maxLength(2048, { error: "validation.accessToken" }),
    z.regex(CREDENTIAL_CHARS, { error: "validation.accessToken" }),
  ),
  businessId: businessIdSchema,
  operatorName,
});

export const signInBodySchema = z.union([operatorSignInSchema, viewerSignInSchema]);
export type OperatorSignIn = z.infer<typeof operatorSignInSchema>;
export type ViewerSignIn = z.infer<typeof viewerSignInSchema>;
export type SignInBody = z.infer<typeof signInBodySchema>;

/** What GET /api/session tells the browser: never the credential. */
export const sessionInfoSchema = z.object({
  operatorName: z.string(),
  role: z.enum(["operator", "viewer"]),
  /** `id` is null when the scope is an API key's own (no PAYMENTS_BUSINESS_ID): its fingerprint stays on the server. */
  business: z.object({ id: z.nullable(z.string()), name: z.nullable(z.string()) }),
  sandbox: z.boolean(),
  expiresAt: z.string(),
  idleTimeoutSeconds: z.number(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
