import "server-only";
import { hkdfSync } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import type { Credential } from "@/lib/server/payments-api/client";
import { normaliseBusinessId } from "@/lib/shared/schemas/business-id";
import { getSessionConfig, ironPasswords } from "./config";

/**
 * A pending payout intent keeps the session's credential sealed so the
 * reconciler can re-send it after a crash or a lost answer (docs/session.md).
 *
 * - **Its own key.** The seal's key is derived from each SESSION_SECRET with
 *   HKDF-SHA-256 and the label "pixops intent-seal v1", so it is not the
 *   cookie's key: an intent seal never opens as a session and a session cookie
 *   never opens as an intent seal (the payload also names its purpose).
 *   Rotation works as for cookies: new seals use the newest secret's key,
 *   opening tries every secret's.
 * - **Short-lived.** It opens only until `expiresAt`: the automatic re-send
 *   window plus a small margin (PayoutPolicy.sealLifetimeMs), checked against
 *   the caller's clock; iron's own time limit is the same length. The ledger
 *   erases it before then (lib/server/ledger/payout-sweeps.ts).
 */
const INTENT_SEAL_INFO = "pixops intent-seal v1";
const HKDF_SALT = "pixops-dashboard";

const credentialSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("api_key"), apiKey: z.string().min(1) }),
  z.object({
    kind: z.literal("bearer"),
    accessToken: z.string().min(1),
    businessId: z.string().min(1).transform(normaliseBusinessId),
  }),
]);
const intentSealSchema = z.object({
  v: z.literal(1),
  purpose: z.literal("intent"),
  credential: credentialSchema,
  /** Epoch ms after which the seal no longer opens. */
  exp: z.number().int(),
});

const derivedCache = new Map<string, string>();

/** The intent-seal key of one secret (base64url of 32 bytes: an iron password of 43 characters). */
function intentKey(secret: string): string {
  let key = derivedCache.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, INTENT_SEAL_INFO, 32)).toString("base64url");
    derivedCache.set(secret, key);
  }
  return key;
}

function intentPasswords() {
  return ironPasswords(getSessionConfig().secrets.map(intentKey));
}

export async function sealCredential(
  credential: Credential,
  options: { lifetimeMs: number; now?: number },
): Promise<string> {
  const now = options.now ?? Date.now();
  const payload: z.infer<typeof intentSealSchema> = {
    v: 1,
    purpose: "intent",
    credential,
    exp: now + options.lifetimeMs,
  };
  return sealData(payload, { password: intentPasswords().newest, ttl: Math.ceil(options.lifetimeMs / 1000) });
}

/** The credential inside an intent seal, or null: tampered, expired, another purpose's seal, or sealed under a retired secret. */
export async function openCredential(seal: string, now: number = Date.now()): Promise<Credential | null> {
  let raw: unknown;
  try {
    // iron refuses a seal past the time limit sealed into it (real clock); `exp` below is checked against the caller's.
    raw = await unsealData<unknown>(seal, { password: intentPasswords().all });
  } catch {
    return null;
  }
  const parsed = intentSealSchema.safeParse(raw);
  if (!parsed.success || now >= parsed.data.exp) return null;
  return parsed.data.credential;
}
