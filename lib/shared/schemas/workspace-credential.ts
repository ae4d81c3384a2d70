import { z } from "zod/mini";
import { operatorSignInSchema, viewerSignInSchema } from "@/lib/shared/schemas/session";

/**
 * The credentials a workspace (one business) keeps on the server: its API key,
 * and optionally a read-only access token (sent with the business's own id as
 * X-Business-Id). docs/security.md, "Workspace credentials".
 */
export const WORKSPACE_CREDENTIAL_KINDS = ["api_key", "bearer"] as const;
export type WorkspaceCredentialKind = (typeof WORKSPACE_CREDENTIAL_KINDS)[number];

/** Storing or replacing one: the same rules as at sign-in (printable ASCII, lengths). */
export const storeWorkspaceCredentialSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("api_key"), apiKey: operatorSignInSchema.shape.apiKey }),
  z.object({ kind: z.literal("bearer"), accessToken: viewerSignInSchema.shape.accessToken }),
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
