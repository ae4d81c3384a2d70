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
 * One security-log row and one log line for a sign-in attempt: the reason, the address, the User-Agent, the
 * account when the e-mail has one (`memberId`: the person's security history) and the first 16 hex digits of the
 * e-mail's fingerprint; never the e-mail, the password or a code. Failures and throttling are warnings.
 */
export async function recordPersonSignInEvent(
  ledger: Ledger,
  event: {
    kind: "sign_in_failed" | "sign_in_throttled" | "sign_in_succeeded";
    reason: string;
    from: ClientAddress;
    fingerprint: string;
    credentialKind: PersonCredentialKind;
    memberId: string | null;
    /** The workspace a successful sign-in opened. */
    businessId?: string;
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
    memberId: event.memberId,
    requestId: null,
  };
  await recordSecurityEvent(ledger, {
    ...fields,
    businessId: event.businessId ?? null,
    userAgent: event.from.userAgent ?? null,
    at: new Date(event.at),
  });
  if (event.kind === "sign_in_succeeded") log.info(`security.${event.kind}`, fields);
  else log.warn(`security.${event.kind}`, fields);
}
