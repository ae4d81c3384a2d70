import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { isSandboxMode } from "@/lib/server/payments-api/config-public";
import { BUSINESSES, businessByApiKey } from "@/sandbox/businesses";
import { KEY_SCOPE_PREFIX } from "@/lib/server/session/scope";
import { BffError } from "../http/errors";

export interface BusinessRef {
  id: string;
  name: string | null;
}


const fingerprintList = z
  .string()
  .transform((raw) => raw.split(",").map((part) => part.trim().toLowerCase().replace(/^sha256:/, "")).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[0-9a-f]{64}$/, { error: "each fingerprint must be 64 hex digits (SHA-256 of the key)" })));

const tenancySchema = z.object({
  PAYMENTS_BUSINESS_ID: z.uuid({ error: "PAYMENTS_BUSINESS_ID must be the business's id (a UUID)" }).optional(),
  PAYMENTS_BUSINESS_NAME: z.string().trim().min(1).max(120).optional(),
  PAYMENTS_API_KEY_SHA256: fingerprintList.optional(),
});

export interface Tenancy {
  /** The one business this deployment serves, or null (each API key is its own scope). */
  businessId: string | null;
  businessName: string | null;
  /** SHA-256 fingerprints of the API keys allowed to sign in; empty = no pin. */
  allowedKeys: ReadonlySet<string>;
}

export class TenancyConfigError extends Error {
  override name = "TenancyConfigError";
}

let cached: Tenancy | null = null;

/** Reads and checks the tenancy settings once (see README, "Configuration"). */
export function tenancy(): Tenancy {
  if (cached) return cached;
  const parsed = tenancySchema.safeParse({
    PAYMENTS_BUSINESS_ID: process.env.PAYMENTS_BUSINESS_ID || undefined,
    PAYMENTS_BUSINESS_NAME: process.env.PAYMENTS_BUSINESS_NAME || undefined,
    PAYMENTS_API_KEY_SHA256: process.env.PAYMENTS_API_KEY_SHA256 || undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TenancyConfigError(`${issue?.path.join(".") ?? "tenancy"}: ${issue?.message ?? "invalid"}`);
  }
  const env = parsed.data;
  const allowedKeys = new Set(env.PAYMENTS_API_KEY_SHA256 ?? []);
  // Against a real API the key says nothing about its business: only the administrator's pin can.
  if (env.PAYMENTS_BUSINESS_ID && allowedKeys.size === 0 && !isSandboxMode()) {
    throw new TenancyConfigError(
      "PAYMENTS_BUSINESS_ID is set but PAYMENTS_API_KEY_SHA256 is not: list the SHA-256 fingerprints of this business's API keys (npm run key-fingerprint), or any working key of any business could sign in to it",
    );
  }
  cached = { businessId: env.PAYMENTS_BUSINESS_ID ?? null, businessName: env.PAYMENTS_BUSINESS_NAME ?? null, allowedKeys };
  return cached;
}

/** For tests that change the environment between cases. */
export function resetTenancyForTests(): void {
  cached = null;
}

/** SHA-256 of an API key, in hex: what PAYMENTS_API_KEY_SHA256 lists. */
export function apiKeyFingerprint(apiKey: string): string {
  return createHash("sha256").update(apiKey, "utf8").digest("hex");
}

function notAllowed(): BffError {
  return new BffError(403, "credential_not_allowed", "This API key is not one this dashboard is set up for. Ask your administrator to allow it.");
}

/**
 * The scope of an operator's session, decided before the key is tried against
 * the API. The API has no "who am I", so a key is proven to belong to the
 * deployment's business by the administrator's list of key fingerprints (or, in
 * the sandbox, by its known demo keys). Without PAYMENTS_BUSINESS_ID each key is
 * its own scope (docs/security.md, "Tenant scope").
 */
export function businessForApiKey(apiKey: string): BusinessRef {
  const { businessId, businessName, allowedKeys } = tenancy();
  const pinned = allowedKeys.has(apiKeyFingerprint(apiKey));
  if (allowedKeys.size > 0 && !pinned) throw notAllowed();
  const demo = isSandboxMode() ? businessByApiKey(apiKey) : undefined;
  if (businessId) {
    if (pinned || demo?.id === businessId) return { id: businessId, name: businessName ?? demo?.name ?? null };
    throw notAllowed();
  }
  if (demo) return { id: demo.id, name: demo.name };
  return { id: `${KEY_SCOPE_PREFIX}${apiKeyFingerprint(apiKey).slice(0, 24)}`, name: businessName };
}

/**
 * A viewer's business is the id it signed in with, which the API then checks
 * with the token; a deployment that serves one business accepts no other id.
 */
export function businessForViewer(claimedId: string): BusinessRef {
  const { businessId, businessName } = tenancy();
  if (businessId && claimedId.toLowerCase() !== businessId.toLowerCase()) {
    throw new BffError(403, "business_not_served", "This dashboard serves another business. Check the business id.", { fields: { businessId: "login.businessNotServed" } });
  }
  const demo = isSandboxMode() ? BUSINESSES.find((b) => b.id === claimedId) : undefined;
  if (demo) return { id: demo.id, name: demo.name };
  return { id: businessId ?? claimedId, name: businessId ? businessName : null };
}
