import { z } from "zod/mini";
import { storableText } from "@/lib/shared/schemas/common";

/**
 * The credentials a workspace (one business) keeps on the server: its API key,
 * and optionally a read-only access token (sent with the business's own id as
 * X-Business-Id). docs/security.md, "Workspace credentials".
 */
export const WORKSPACE_CREDENTIAL_KINDS = ["api_key", "bearer"] as const;
export type WorkspaceCredentialKind = (typeof WORKSPACE_CREDENTIAL_KINDS)[number];

/**
 * Credentials travel to the API as HTTP header values, so only printable ASCII
 * without spaces (the client refuses anything else, lib/server/payments-api/client.ts): a
 * key with another character is a 422 on its field, not a failure when it is first used.
 */
const CREDENTIAL_CHARS = /^[\x21-\x7e]+$/;

export const apiKeyField = storableText({ error: "validation.required" }).check(
  z.trim(),
  z.minLength(8, { error: "validation.apiKey" }),
  z.maxLength(256, { error: "validation.apiKey" }),
  z.regex(CREDENTIAL_CHARS, { error: "validation.apiKey" }),
);

export const accessTokenField = storableText({ error: "validation.required" }).check(
  z.trim(),
  z.minLength(8, { error: "validation.accessToken" }),
  z.maxLength(2048, { error: "validation.accessToken" }),
  z.regex(CREDENTIAL_CHARS, { error: "validation.accessToken" }),
);

/** Storing or replacing one (printable ASCII, lengths). */
export const storeWorkspaceCredentialSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("api_key"), apiKey: apiKeyField }),
  z.object({ kind: z.literal("bearer"), accessToken: accessTokenField }),
]);
export type StoreWorkspaceCredentialBody = z.infer<typeof storeWorkspaceCredentialSchema>;

/** All that is ever shown of a stored credential. */
export interface WorkspaceCredentialInfo {
  kind: WorkspaceCredentialKind;
  /** `sha256:` + the first 12 hex digits of SHA-256 of the credential. */
  fingerprint: string;
  /** Its last 4 characters; null when it is shorter than 12 (4 would be a third of it or more). */
  last4: string | null;
  /** ISO 8601. */
  stored_at: string;
}
