import "server-only";
import { createHash } from "node:crypto";
import { isSandboxMode } from "@/lib/payments/config-public";
import { BUSINESSES, businessByApiKey } from "@/lib/sandbox/businesses";

export interface BusinessRef {
  id: string;
  name: string | null;
}

/**
 * The API has no "who am I": an API key does not tell which business it belongs
 * to. Records of an operator session are scoped, in order of preference, to
 * PAYMENTS_BUSINESS_ID (a deployment that serves one business), the sandbox's
 * known demo business, or a fingerprint of the key (see docs/session.md).
 */
export function businessForApiKey(apiKey: string): BusinessRef {
  if (process.env.PAYMENTS_BUSINESS_ID) {
    return { id: process.env.PAYMENTS_BUSINESS_ID, name: process.env.PAYMENTS_BUSINESS_NAME ?? null };
  }
  if (isSandboxMode()) {
    const demo = businessByApiKey(apiKey);
    if (demo) return { id: demo.id, name: demo.name };
  }
  return { id: `key_${createHash("sha256").update(apiKey).digest("hex").slice(0, 24)}`, name: process.env.PAYMENTS_BUSINESS_NAME ?? null };
}

/** A viewer's business is the id it signed in with. */
export function businessForViewer(businessId: string): BusinessRef {
  if (isSandboxMode()) {
    const demo = BUSINESSES.find((b) => b.id === businessId);
    if (demo) return { id: demo.id, name: demo.name };
  }
  const configured = process.env.PAYMENTS_BUSINESS_ID === businessId ? process.env.PAYMENTS_BUSINESS_NAME : undefined;
  return { id: businessId, name: configured ?? null };
}
