import "server-only";
import { createHash } from "node:crypto";
import { recordSecurityEvent, type Ledger } from "@/lib/server/ledger";
import { log } from "@/lib/server/log";
import { normaliseEmail } from "@/lib/shared/auth/email";
import type { ClientAddress } from "@/lib/server/services/session/client-address";

/** What a person's sign-in attempt presented, as the throttle and the security log name it. */
export type PersonCredentialKind = "password" | "totp" | "recovery_code";

/** SHA-256 (hex) of the normalised e-mail: groups attempts at one account without keeping the address typed. */
export function emailFingerprint(email: string): string {
  return createHash("sha256")
    .update(`email:${normaliseEmail(email)}`, "utf8")
    .digest("hex");
}

/**
 * One security-log row and one log line for a failed or throttled attempt: the reason, the address and the
 * first 16 hex digits of the e-mail's fingerprint; never the e-mail, the password or a code.
 */
export async function recordPersonSignInEvent(
  ledger: Ledger,
  event: {
    kind: "sign_in_failed" | "sign_in_throttled";
    reason: string;
    from: ClientAddress;
    fingerprint: string;
    credentialKind: PersonCredentialKind;
    at: number;
  },
): Promise<void> {
  const fields = {
    kind: event.kind,
    reason: event.reason,
    clientAddress: event.from.address,
    addressSource: event.from.source,
    credentialFingerprint: event.fingerprint.slice(0, 16),
    credentialKind: event.credentialKind,
    requestId: null,
  };
  await recordSecurityEvent(ledger, { ...fields, at: new Date(event.at) });
  log.warn(`security.${event.kind}`, fields);
}
