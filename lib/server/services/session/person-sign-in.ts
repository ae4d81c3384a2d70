import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { hashPassword, verifyPassword, verifyUnknownAccount } from "@/lib/server/accounts/password";
import { BffError } from "@/lib/server/errors/bff-error";
import {
  createSignInChallenge,
  findMemberByEmail,
  getWorkspace,
  listActiveWorkspacesOf,
  rehashPassword,
  type Ledger,
  type Member,
  type MemberRole,
} from "@/lib/server/ledger";
import type { Clock } from "@/lib/shared/clock";
import { emailFingerprint, recordPersonSignInEvent } from "@/lib/server/services/session/person-sign-in-events";
import type { ClientAddress } from "@/lib/server/services/session/client-address";
import { beginSignIn, throttledError } from "@/lib/server/services/session/sign-in-throttle";

/**
 * A person's sign-in, step one: e-mail and password (docs/accounts.md). Throttled before any hash is computed
 * (per address, per e-mail, in total: sign-in-throttle.ts); every way it fails (no such e-mail, wrong password,
 * no active membership anywhere) is one answer, `invalid_login`, so it tells nothing about the account. With 2FA
 * on, it issues a challenge for the second step (person-second-factor.ts) instead of signing in.
 */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
/** Code attempts one challenge allows (the per-member and per-address throttle limits them across challenges). */
export const CHALLENGE_ATTEMPTS = 5;

export interface PersonSignInDeps {
  ledger: Ledger;
  clock: Pick<Clock, "now">;
}

/** Who signed in: never the password hash or the TOTP secret. */
export interface SignedInPerson {
  id: string;
  email: string;
  name: string;
  authEpoch: number;
  mfa: "totp" | "none";
}

export interface PersonWorkspace {
  businessId: string;
  name: string;
  role: MemberRole;
  require2fa: boolean;
}

export type PasswordStepResult =
  | { next: "totp"; challenge: string; expiresAt: Date }
  | { next: "done"; member: SignedInPerson; workspaces: PersonWorkspace[] }
  /** Right password, no 2FA, and `requiredBy` (some of the person's workspaces) require it. */
  | { next: "enroll_totp"; member: SignedInPerson; workspaces: PersonWorkspace[]; requiredBy: string[] };

export interface PasswordStepInput {
  email: string;
  password: string;
  from: ClientAddress;
}

export function invalidLogin(): BffError {
  return new BffError("invalid_login", "E-mail or password is wrong.");
}

export const challengeHash = (challenge: string) => createHash("sha256").update(challenge, "utf8").digest("hex");

export function signedInPerson(member: Member): SignedInPerson {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    authEpoch: member.authEpoch,
    mfa: member.totpSecretEnc ? "totp" : "none",
  };
}

/** The workspaces the person is an active member of, with whether each requires 2FA. */
export async function activeWorkspaces(ledger: Ledger, memberId: string): Promise<PersonWorkspace[]> {
  const rows = await listActiveWorkspacesOf(ledger, memberId);
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      require2fa: (await getWorkspace(ledger, row.businessId))?.require2fa ?? false,
    })),
  );
}

export async function verifyPasswordStep(
  deps: PersonSignInDeps,
  input: PasswordStepInput,
): Promise<PasswordStepResult> {
  const { ledger, clock } = deps;
  const now = clock.now();
  const fingerprint = emailFingerprint(input.email);
  const event = (kind: "sign_in_failed" | "sign_in_throttled", reason: string) =>
    recordPersonSignInEvent(ledger, {
      kind,
      reason,
      from: input.from,
      fingerprint,
      credentialKind: "password",
      at: now,
    });

  const begun = await beginSignIn(ledger, { address: input.from.address, credential: fingerprint.slice(0, 32) });
  if (!begun.ok) {
    if (begun.throttled.firstRefusal) await event("sign_in_throttled", `${begun.throttled.budget}_budget`);
    throw throttledError(begun.throttled, now);
  }

  const member = await findMemberByEmail(ledger, input.email);
  const check = member
    ? await verifyPassword(member.passwordHash, input.password)
    : await verifyUnknownAccount(input.password);
  if (!member || !check.ok) {
    await event("sign_in_failed", invalidLogin().code);
    throw invalidLogin();
  }
  const workspaces = await activeWorkspaces(ledger, member.id);
  if (workspaces.length === 0) {
    await event("sign_in_failed", invalidLogin().code);
    throw invalidLogin();
  }
  // The password was right: not a guess, so its points go back (the second step has budgets of its own).
  await begun.attempt.succeeded();
  if (check.needsRehash)
    await rehashPassword(ledger, member.id, member.passwordHash, await hashPassword(input.password));

  if (member.totpSecretEnc) {
    const challenge = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now + CHALLENGE_LIFETIME_MS);
    await createSignInChallenge(ledger, {
      tokenHash: challengeHash(challenge),
      memberId: member.id,
      authEpoch: member.authEpoch,
      attempts: CHALLENGE_ATTEMPTS,
      createdAt: new Date(now),
      expiresAt,
    });
    return { next: "totp", challenge, expiresAt };
  }
  const requiredBy = workspaces.filter((w) => w.require2fa).map((w) => w.businessId);
  const person = signedInPerson(member);
  if (requiredBy.length > 0) return { next: "enroll_totp", member: person, workspaces, requiredBy };
  return { next: "done", member: person, workspaces };
}
