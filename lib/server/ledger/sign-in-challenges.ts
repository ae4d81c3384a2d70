/**
 * The second step of a person's sign-in: a challenge the password step issued (only its token's SHA-256 is here).
 * It is good until `expires_at`, for `attempts_left` code attempts, and works once: every change is a conditional
 * update, so two requests with one challenge cannot both take its last attempt or both finish with it.
 */
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { isUuid } from "./query";
import { signInChallenges } from "./schema";
import type { Ledger } from "./types";

export interface NewSignInChallenge {
  tokenHash: string;
  memberId: string;
  authEpoch: number;
  attempts: number;
  createdAt: Date;
  expiresAt: Date;
}

export interface SignInChallengeAttempt {
  memberId: string;
  authEpoch: number;
}

export async function createSignInChallenge(ledger: Ledger, input: NewSignInChallenge): Promise<void> {
  if (!isUuid(input.memberId)) throw new Error("ledger: a sign-in challenge needs a member id");
  const { attempts, ...row } = input;
  await ledger.db.insert(signInChallenges).values({ ...row, attemptsLeft: attempts });
}

/** The challenge's person while it is unused and unexpired at `now` with an attempt left (none is taken). */
export async function findSignInChallenge(
  ledger: Ledger,
  tokenHash: string,
  now: Date,
): Promise<SignInChallengeAttempt | null> {
  const [row] = await ledger.db
    .select({ memberId: signInChallenges.memberId, authEpoch: signInChallenges.authEpoch })
    .from(signInChallenges)
    .where(live(tokenHash, now));
  return row ?? null;
}

/** Takes one attempt from the challenge if it is still live at `now`; null when it is not (expired, used, spent). */
export async function takeSignInChallengeAttempt(
  ledger: Ledger,
  tokenHash: string,
  now: Date,
): Promise<SignInChallengeAttempt | null> {
  const [row] = await ledger.db
    .update(signInChallenges)
    .set({ attemptsLeft: sql`${signInChallenges.attemptsLeft} - 1` })
    .where(live(tokenHash, now))
    .returning({ memberId: signInChallenges.memberId, authEpoch: signInChallenges.authEpoch });
  return row ?? null;
}

/** Marks the challenge used (the sign-in it was for is done): true only for the one caller that won. */
export async function finishSignInChallenge(ledger: Ledger, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await ledger.db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.tokenHash, tokenHash), isNull(signInChallenges.usedAt)))
    .returning({ tokenHash: signInChallenges.tokenHash });
  return rows.length === 1;
}

/** Housekeeping: challenges that expired before `before` or were used (neither can sign anyone in again). */
export async function purgeSignInChallenges(ledger: Ledger, before: Date): Promise<number> {
  const rows = await ledger.db
    .delete(signInChallenges)
    .where(or(lt(signInChallenges.expiresAt, before), isNotNull(signInChallenges.usedAt)))
    .returning({ tokenHash: signInChallenges.tokenHash });
  return rows.length;
}

function live(tokenHash: string, now: Date) {
  return and(
    eq(signInChallenges.tokenHash, tokenHash),
    isNull(signInChallenges.usedAt),
    gt(signInChallenges.expiresAt, now),
    gt(signInChallenges.attemptsLeft, 0),
  );
}
