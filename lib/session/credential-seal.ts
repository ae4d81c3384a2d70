import "server-only";
import { sealData, unsealData } from "iron-session";
import type { Credential } from "@/lib/payments/client";
import { getSessionConfig } from "./config";

/** How long a sealed credential kept with a pending payout intent stays openable. */
const CREDENTIAL_SEAL_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * A pending payout intent keeps the session's credential, sealed with the same
 * secrets as the session cookie, so the reconciler can re-send it after a
 * crash; the seal is erased as soon as the intent is resolved (docs/session.md).
 */
export function sealCredential(credential: Credential): Promise<string> {
  return sealData(credential, { password: getSessionConfig().sealPassword, ttl: CREDENTIAL_SEAL_TTL_SECONDS });
}

export async function openCredential(seal: string): Promise<Credential | null> {
  try {
    const data = await unsealData<Partial<Credential>>(seal, { password: getSessionConfig().passwords, ttl: CREDENTIAL_SEAL_TTL_SECONDS });
    if (data.kind === "api_key" && typeof data.apiKey === "string") return { kind: "api_key", apiKey: data.apiKey };
    if (data.kind === "bearer" && typeof data.accessToken === "string" && typeof data.businessId === "string") {
      return { kind: "bearer", accessToken: data.accessToken, businessId: data.businessId };
    }
    return null;
  } catch {
    return null;
  }
}
