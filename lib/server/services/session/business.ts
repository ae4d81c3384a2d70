import "server-only";
import { createHash } from "node:crypto";
import {
  isSandboxMode,
  resetConfigForTests,
  tenancySettings,
  TenancyConfigError,
  type Tenancy,
} from "@/lib/server/config";
import { sandboxDirectory, type DemoBusiness } from "@/lib/server/payments-api/sandbox-directory";
import { KEY_SCOPE_PREFIX } from "@/lib/server/session/scope";
import { BffError } from "@/lib/server/errors/bff-error";

export interface BusinessRef {
  id: string;
  name: string | null;
}

export { TenancyConfigError, type Tenancy };

/** The tenancy settings (lib/server/config; see README, "Configuration"). */
export function tenancy(): Tenancy {
  return tenancySettings();
}

/** For tests that change the environment between cases (the whole configuration is read again). */
export function resetTenancyForTests(): void {
  resetConfigForTests();
}

/** SHA-256 of an API key, in hex: what PAYMENTS_API_KEY_SHA256 lists. */
export function apiKeyFingerprint(apiKey: string): string {
  return createHash("sha256").update(apiKey, "utf8").digest("hex");
}

function notAllowed(): BffError {
  return new BffError(
    "credential_not_allowed",
    "This API key is not one this dashboard is set up for. Ask your administrator to allow it.",
  );
}

/** The sandbox's demo businesses, in sandbox mode; a sandbox that cannot be asked is an unreachable payments API. */
async function demoBusinesses(): Promise<readonly DemoBusiness[]> {
  if (!isSandboxMode()) return [];
  try {
    return await sandboxDirectory();
  } catch {
    throw new BffError("upstream_unavailable", "The payments API could not be reached or failed.");
  }
}

/**
 * The scope of an operator's session, decided before the key is tried against
 * the API. The API has no "who am I", so a key is proven to belong to the
 * deployment's business by the administrator's list of key fingerprints (or, in
 * the sandbox, by the fingerprints of its demo businesses' keys, which the
 * sandbox lists). Without PAYMENTS_BUSINESS_ID each key is its own scope
 * (docs/security.md, "Tenant scope").
 */
export async function businessForApiKey(apiKey: string): Promise<BusinessRef> {
  const { businessId, businessName, allowedKeys } = tenancy();
  const fingerprint = apiKeyFingerprint(apiKey);
  const pinned = allowedKeys.has(fingerprint);
  if (allowedKeys.size > 0 && !pinned) throw notAllowed();
  const demo = (await demoBusinesses()).find((b) => b.apiKeySha256.has(fingerprint));
  if (businessId) {
    if (pinned || demo?.id === businessId) return { id: businessId, name: businessName ?? demo?.name ?? null };
    throw notAllowed();
  }
  if (demo) return { id: demo.id, name: demo.name };
  return { id: `${KEY_SCOPE_PREFIX}${fingerprint.slice(0, 24)}`, name: businessName };
}
