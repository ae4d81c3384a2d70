/**
 * A person's recovery codes, stored as the SHA-256 hashes lib/server/accounts/recovery-codes.ts makes. Each works
 * once: marking one used is a conditional update, so two sign-ins with one code cannot both win.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { isUuid } from "./query";
import { recoveryCodes } from "./schema";
import type { Ledger } from "./types";

export interface RecoveryCodeRecord {
  hash: string;
  usedAt: Date | null;
}

/** Replaces every code of the person (new codes shown once: the old ones, used or not, stop working). */
export async function replaceRecoveryCodes(ledger: Ledger, memberId: string, hashes: readonly string[]): Promise<void> {
  await ledger.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
    const unique = [...new Set(hashes)];
    if (unique.length > 0) await tx.insert(recoveryCodes).values(unique.map((hash) => ({ memberId, hash })));
  });
}

export async function listRecoveryCodes(ledger: Ledger, memberId: string): Promise<RecoveryCodeRecord[]> {
  if (!isUuid(memberId)) return [];
  return ledger.db
    .select({ hash: recoveryCodes.hash, usedAt: recoveryCodes.usedAt })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.memberId, memberId))
    .orderBy(asc(recoveryCodes.createdAt), asc(recoveryCodes.hash));
}

/** Marks the code with this hash used, if it is the person's and unused. True only for the one caller that won. */
export async function markRecoveryCodeUsed(
  ledger: Ledger,
  memberId: string,
  hash: string,
  now: Date,
): Promise<boolean> {
  if (!isUuid(memberId)) return false;
  const rows = await ledger.db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.memberId, memberId), eq(recoveryCodes.hash, hash), isNull(recoveryCodes.usedAt)))
    .returning({ hash: recoveryCodes.hash });
  return rows.length === 1;
}
