import "server-only";
import { emailFingerprint, type PersonCredentialKind } from "@/lib/server/services/session/person-sign-in-events";
import { recordSecurityEvent, type Ledger } from "@/lib/server/ledger";
import type { SecurityEventKind } from "@/lib/server/ledger/schema";
import { log } from "@/lib/server/log";
import type { ClientAddress } from "@/lib/server/services/session/client-address";
import { beginSignIn, throttledError, type SignInAttempt } from "@/lib/server/services/session/sign-in-throttle";
import type { SessionData } from "@/lib/server/session/session";
import type { Clock } from "@/lib/shared/clock";

/** What a change to a person's own account is given: the ledger, their session, the clock, where it came from. */
export interface AccountDeps {
  ledger: Ledger;
  session: SessionData;
  clock: Pick<Clock, "now">;
  from: ClientAddress;
}

/**
 * One row of the person's security history (the security log, with their member id) and one log line: what
 * changed or was refused, the address and the User-Agent; never a password, a code or the secret.
 */
export async function recordAccountEvent(
  deps: AccountDeps,
  event: { kind: SecurityEventKind; reason: string; factor: PersonCredentialKind | null },
): Promise<void> {
  const { session, from } = deps;
  const fields = {
    kind: event.kind,
    reason: event.reason,
    clientAddress: from.address,
    addressSource: from.source,
    credentialFingerprint: emailFingerprint(session.person.email).slice(0, 16),
    credentialKind: event.factor,
    memberId: session.memberId,
    requestId: null,
  };
  await recordSecurityEvent(deps.ledger, {
    ...fields,
    userAgent: from.userAgent ?? null,
    at: new Date(deps.clock.now()),
  });
  if (event.kind === "account_change_failed" || event.kind === "sign_in_throttled")
    log.warn(`security.${event.kind}`, fields);
  else log.info(`security.${event.kind}`, fields);
}

/**
 * A password or code checked for a change of the account is throttled as a sign-in is (sign-in-throttle.ts), in
 * the person's own budget (`member:<id>`, shared with their sign-in codes) and the address's: a stolen session
 * cannot be used to guess the password or the codes.
 */
export async function beginAccountCheck(deps: AccountDeps, factor: PersonCredentialKind): Promise<SignInAttempt> {
  const begun = await beginSignIn(deps.ledger, {
    address: deps.from.address,
    credential: `member:${deps.session.memberId}`,
  });
  if (begun.ok) return begun.attempt;
  if (begun.throttled.firstRefusal)
    await recordAccountEvent(deps, { kind: "sign_in_throttled", reason: `${begun.throttled.budget}_budget`, factor });
  throw throttledError(begun.throttled, deps.clock.now());
}
