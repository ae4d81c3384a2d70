/**
 * People (docs/accounts.md): one row per e-mail, across workspaces. Every write that must end the person's other
 * sessions bumps `auth_epoch` (a session carries the epoch it signed in with and is refused once it differs).
 * Rows hold a password hash and the vault's ciphertext of the TOTP secret: server only, never sent to a browser.
 */
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { normaliseEmail } from "@/lib/shared/auth/email";
import { isUuid } from "./query";
import { members, recoveryCodes, type MemberRow } from "./schema";
import type { Ledger } from "./types";

export type Member = MemberRow;

export interface NewMember {
  /** Normalised here (trim, NFKC, lower case). */
  email: string;
  name: string;
  passwordHash: string;
}

export type CreateMemberResult = { outcome: "created"; member: Member } | { outcome: "email_taken" };

/** Creates a person; an e-mail already taken (in any spelling that normalises alike) creates nothing. */
export async function createMember(ledger: Ledger, input: NewMember): Promise<CreateMemberResult> {
  const [member] = await ledger.db
    .insert(members)
    .values({ email: normaliseEmail(input.email), name: input.name, passwordHash: input.passwordHash })
    .onConflictDoNothing({ target: members.email })
    .returning();
  return member ? { outcome: "created", member } : { outcome: "email_taken" };
}

export async function findMemberByEmail(ledger: Ledger, email: string): Promise<Member | null> {
  const [member] = await ledger.db
    .select()
    .from(members)
    .where(eq(members.email, normaliseEmail(email)));
  return member ?? null;
}

export async function findMemberById(ledger: Ledger, id: string): Promise<Member | null> {
  if (!isUuid(id)) return null;
  const [member] = await ledger.db.select().from(members).where(eq(members.id, id));
  return member ?? null;
}

/**
 * A new password (change or reset): stores its hash and bumps `auth_epoch`, so every other session of the person
 * ends. Returns the new epoch (the caller's fresh session carries it), or null when there is no such person.
 */
export async function setPasswordHash(ledger: Ledger, memberId: string, passwordHash: string): Promise<number | null> {
  if (!isUuid(memberId)) return null;
  const [row] = await ledger.db
    .update(members)
    .set({ passwordHash, passwordChangedAt: sql`now()`, authEpoch: sql`${members.authEpoch} + 1` })
    .where(eq(members.id, memberId))
    .returning({ authEpoch: members.authEpoch });
  return row?.authEpoch ?? null;
}

/**
 * The same password hashed again with today's parameters (verifyPassword said the stored hash is weaker): no
 * session ends. Only when the stored hash is still `previousHash`, so it never undoes a password change made
 * meanwhile. True when it was replaced.
 */
export async function rehashPassword(
  ledger: Ledger,
  memberId: string,
  previousHash: string,
  passwordHash: string,
): Promise<boolean> {
  if (!isUuid(memberId)) return false;
  const rows = await ledger.db
    .update(members)
    .set({ passwordHash })
    .where(and(eq(members.id, memberId), eq(members.passwordHash, previousHash)))
    .returning({ id: members.id });
  return rows.length === 1;
}

/**
 * 2FA being set up: keeps the vault's ciphertext of a new secret until `expiresAt` (a new setup replaces it).
 * Refused (false) while 2FA is on. The secret works only once enableTotp has stored it.
 */
export async function setPendingTotp(
  ledger: Ledger,
  memberId: string,
  secretCiphertext: string,
  expiresAt: Date,
): Promise<boolean> {
  if (!isUuid(memberId)) return false;
  const rows = await ledger.db
    .update(members)
    .set({ totpPendingSecretEnc: secretCiphertext, totpPendingExpiresAt: expiresAt })
    .where(and(eq(members.id, memberId), isNull(members.totpSecretEnc)))
    .returning({ id: members.id });
  return rows.length === 1;
}

/**
 * Turns 2FA on with the vault's ciphertext of the secret and the step of the code that confirmed it (that code
 * cannot be used again), and drops the setup's pending secret; only while 2FA is off (of two confirmations, one
 * wins; false otherwise: reset it first). With `recoveryCodeHashes` it replaces the person's recovery codes in the same transaction: 2FA is never on without the
 * codes the person was just shown, nor the codes changed by a confirmation that lost.
 */
export async function enableTotp(
  ledger: Ledger,
  memberId: string,
  secretCiphertext: string,
  confirmedStep: number,
  recoveryCodeHashes?: readonly string[],
): Promise<boolean> {
  if (!isUuid(memberId)) return false;
  return ledger.db.transaction(async (tx) => {
    const rows = await tx
      .update(members)
      .set({
        totpSecretEnc: secretCiphertext,
        totpEnabledAt: sql`now()`,
        totpLastStep: confirmedStep,
        totpPendingSecretEnc: null,
        totpPendingExpiresAt: null,
      })
      .where(and(eq(members.id, memberId), isNull(members.totpSecretEnc)))
      .returning({ id: members.id });
    if (rows.length !== 1) return false;
    if (recoveryCodeHashes) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
      const unique = [...new Set(recoveryCodeHashes)];
      if (unique.length > 0) await tx.insert(recoveryCodes).values(unique.map((hash) => ({ memberId, hash })));
    }
    return true;
  });
}

/**
 * Records the step of a TOTP code just verified, only if it is later than the last one accepted: of two sign-ins
 * with one code (or codes of one step), exactly one wins. False means the code was already used: refuse it.
 */
export async function recordTotpStep(ledger: Ledger, memberId: string, step: number): Promise<boolean> {
  if (!isUuid(memberId)) return false;
  const rows = await ledger.db
    .update(members)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(members.id, memberId),
        isNotNull(members.totpSecretEnc),
        or(isNull(members.totpLastStep), lt(members.totpLastStep, step)),
      ),
    )
    .returning({ id: members.id });
  return rows.length === 1;
}

/**
 * Turns 2FA off (lost authenticator, reset by an owner): clears the secret, the last step and every recovery code,
 * and bumps `auth_epoch` so every session of the person ends. Returns the new epoch, or null for no such person.
 */
export async function resetTwoFactor(ledger: Ledger, memberId: string): Promise<number | null> {
  if (!isUuid(memberId)) return null;
  return ledger.db.transaction(async (tx) => {
    const [row] = await tx
      .update(members)
      .set({
        totpSecretEnc: null,
        totpEnabledAt: null,
        totpLastStep: null,
        totpPendingSecretEnc: null,
        totpPendingExpiresAt: null,
        authEpoch: sql`${members.authEpoch} + 1`,
      })
      .where(eq(members.id, memberId))
      .returning({ authEpoch: members.authEpoch });
    if (!row) return null;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
    return row.authEpoch;
  });
}

/** A person's stored TOTP secret (on, or being set up) that is not under the key `keyId`: what a key rotation moves. */
export interface MemberSecretRow {
  memberId: string;
  column: "totp_secret_enc" | "totp_pending_secret_enc";
  ciphertext: string;
}

/** Every member secret whose ciphertext names another key than `keyId` ("mv1.<key id>.…"). */
export async function listMemberSecretsNotUnder(ledger: Ledger, keyId: string): Promise<MemberSecretRow[]> {
  const prefix = `mv1.${keyId}.`;
  const rows = await ledger.db
    .select({ id: members.id, on: members.totpSecretEnc, pending: members.totpPendingSecretEnc })
    .from(members)
    .where(or(isNotNull(members.totpSecretEnc), isNotNull(members.totpPendingSecretEnc)));
  return rows.flatMap((row) => [
    ...(row.on && !row.on.startsWith(prefix)
      ? [{ memberId: row.id, column: "totp_secret_enc" as const, ciphertext: row.on }]
      : []),
    ...(row.pending && !row.pending.startsWith(prefix)
      ? [{ memberId: row.id, column: "totp_pending_secret_enc" as const, ciphertext: row.pending }]
      : []),
  ]);
}

/** Replaces one member secret's ciphertext, only if it is still `previous` (a 2FA reset or a new setup in between wins). */
export async function replaceMemberSecretCiphertext(
  ledger: Ledger,
  row: MemberSecretRow,
  next: string,
): Promise<boolean> {
  const column = row.column === "totp_secret_enc" ? members.totpSecretEnc : members.totpPendingSecretEnc;
  const set = row.column === "totp_secret_enc" ? { totpSecretEnc: next } : { totpPendingSecretEnc: next };
  const rows = await ledger.db
    .update(members)
    .set(set)
    .where(and(eq(members.id, row.memberId), eq(column, row.ciphertext)))
    .returning({ id: members.id });
  return rows.length === 1;
}
