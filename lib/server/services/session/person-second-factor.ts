import "server-only";
import { normalizeRecoveryCode, matchRecoveryCode } from "@/lib/server/accounts/recovery-codes";
import { verifyTotp } from "@/lib/server/accounts/totp";
import { BffError } from "@/lib/server/errors/bff-error";
import {
  findMemberById,
  findSignInChallenge,
  finishSignInChallenge,
  listRecoveryCodes,
  markRecoveryCodeUsed,
  recordTotpStep,
  takeSignInChallengeAttempt,
  type Ledger,
  type Member,
} from "@/lib/server/ledger";
import { decryptMemberSecret } from "@/lib/server/security/credential-vault";
import {
  emailFingerprint,
  recordPersonSignInEvent,
  type PersonCredentialKind,
} from "@/lib/server/services/session/person-sign-in-events";
import {
  activeWorkspaces,
  challengeHash,
  invalidLogin,
  signedInPerson,
  type PersonSignInDeps,
  type PersonWorkspace,
  type SignedInPerson,
} from "@/lib/server/services/session/person-sign-in";
import type { ClientAddress } from "@/lib/server/services/session/client-address";
import { beginSignIn, throttledError } from "@/lib/server/services/session/sign-in-throttle";

/**
 * A person's sign-in, step two: the challenge from the password step and a TOTP code or a recovery code.
 * Throttled per address and per person (the person's key in the per-credential budget), and each challenge
 * allows CHALLENGE_ATTEMPTS codes within its 5 minutes. A wrong, reused or lost-race code is one answer,
 * `invalid_code`; a challenge that expired, was used up or predates a password or 2FA change is
 * `sign_in_challenge_expired` (start again).
 */
export type SecondFactorInput = { challenge: string; from: ClientAddress } & (
  { code: string; recoveryCode?: undefined } | { recoveryCode: string; code?: undefined }
);

export interface SecondFactorResult {
  member: SignedInPerson;
  workspaces: PersonWorkspace[];
  /** How the second step was passed: a used recovery code is worth telling the person about. */
  factor: "totp" | "recovery_code";
}

const challengeExpired = () =>
  new BffError("sign_in_challenge_expired", "The sign-in took too long or was already used. Sign in again.");
const invalidCode = () => new BffError("invalid_code", "The code is wrong.");

async function codeAccepted(ledger: Ledger, member: Member, input: SecondFactorInput, now: number): Promise<boolean> {
  if (input.recoveryCode !== undefined) {
    if (normalizeRecoveryCode(input.recoveryCode) === null) return false;
    const matched = matchRecoveryCode(input.recoveryCode, await listRecoveryCodes(ledger, member.id));
    return matched !== null && (await markRecoveryCodeUsed(ledger, member.id, matched.hash, new Date(now)));
  }
  if (!member.totpSecretEnc) return false;
  const secret = decryptMemberSecret(member.totpSecretEnc, member.id);
  const check = await verifyTotp(secret, input.code, { lastUsedStep: member.totpLastStep, now });
  // Conditional: of two sign-ins with codes of one step, only one records it; the other is refused.
  return check.ok && (await recordTotpStep(ledger, member.id, check.step));
}

export async function verifySecondFactor(
  deps: PersonSignInDeps,
  input: SecondFactorInput,
): Promise<SecondFactorResult> {
  const { ledger, clock } = deps;
  const now = clock.now();
  const tokenHash = challengeHash(input.challenge);
  const found = await findSignInChallenge(ledger, tokenHash, new Date(now));
  if (!found) throw challengeExpired();
  const member = await findMemberById(ledger, found.memberId);
  if (!member) throw challengeExpired();
  const credentialKind: PersonCredentialKind = input.recoveryCode !== undefined ? "recovery_code" : "totp";
  const event = (kind: "sign_in_failed" | "sign_in_throttled", reason: string) =>
    recordPersonSignInEvent(ledger, {
      kind,
      reason,
      from: input.from,
      fingerprint: emailFingerprint(member.email),
      credentialKind,
      at: now,
    });

  const begun = await beginSignIn(ledger, { address: input.from.address, credential: `member:${member.id}` });
  if (!begun.ok) {
    if (begun.throttled.firstRefusal) await event("sign_in_throttled", `${begun.throttled.budget}_budget`);
    throw throttledError(begun.throttled, now);
  }
  const attempt = await takeSignInChallengeAttempt(ledger, tokenHash, new Date(now));
  if (!attempt) throw challengeExpired();
  if (attempt.authEpoch !== member.authEpoch) {
    await event("sign_in_failed", "auth_epoch_changed");
    throw challengeExpired();
  }
  if (!(await codeAccepted(ledger, member, input, now))) {
    await event("sign_in_failed", "invalid_code");
    throw invalidCode();
  }
  if (!(await finishSignInChallenge(ledger, tokenHash, new Date(now)))) throw challengeExpired();
  const workspaces = await activeWorkspaces(ledger, member.id);
  if (workspaces.length === 0) {
    await event("sign_in_failed", "no_active_membership");
    throw invalidLogin();
  }
  await begun.attempt.succeeded();
  return { member: signedInPerson(member), workspaces, factor: credentialKind };
}
