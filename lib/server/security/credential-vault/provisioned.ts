import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { cachedConfig, ConfigError, credentialSettings, tenancySettings } from "@/lib/server/config";
import type { WorkspaceCredentialKind } from "@/lib/shared/schemas/workspace-credential";
import { WorkspaceSecret } from "./secret";

/** The credentials the environment provisions, for one business; each kind may be absent. */
export interface ProvisionedCredentials {
  businessId: string;
  credentials: Readonly<Partial<Record<WorkspaceCredentialKind, WorkspaceSecret>>>;
}

function readValue(source: { value: string } | { file: string }, name: string): WorkspaceSecret {
  if ("value" in source) return new WorkspaceSecret(source.value);
  let text: string;
  try {
    text = readFileSync(source.file, "utf8").trim();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new ConfigError(`${name}_FILE names ${source.file}, which could not be read (${String(code ?? "error")})`);
  }
  if (text === "") throw new ConfigError(`${name}_FILE names ${source.file}, which is empty`);
  return new WorkspaceSecret(text);
}

/**
 * PAYMENTS_API_KEY(_FILE) and PAYMENTS_ACCESS_TOKEN(_FILE), for the business
 * PAYMENTS_BUSINESS_ID, read once per process (files included); null when the
 * environment provisions none. A provisioned API key must be one of
 * PAYMENTS_API_KEY_SHA256's keys when that list is set.
 */
export function provisionedCredentials(): ProvisionedCredentials | null {
  return cachedConfig("credentials.provisioned", () => {
    const settings = credentialSettings().provisioned;
    if (!settings) return null;
    const credentials: Partial<Record<WorkspaceCredentialKind, WorkspaceSecret>> = {};
    if (settings.apiKey) credentials.api_key = readValue(settings.apiKey, "PAYMENTS_API_KEY");
    if (settings.accessToken) credentials.bearer = readValue(settings.accessToken, "PAYMENTS_ACCESS_TOKEN");
    const allowed = tenancySettings().allowedKeys;
    const apiKey = credentials.api_key;
    if (apiKey && allowed.size > 0) {
      const sha256 = createHash("sha256").update(apiKey.reveal(), "utf8").digest("hex");
      if (!allowed.has(sha256)) {
        throw new ConfigError(
          "PAYMENTS_API_KEY is not one of the keys PAYMENTS_API_KEY_SHA256 lists for this business: add its fingerprint there, or provision the right key",
        );
      }
    }
    return { businessId: settings.businessId, credentials };
  });
}
