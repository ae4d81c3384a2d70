/**
 * First-run setup links against a real API (docs/accounts.md): printed once in the log while no workspace has an
 * active owner; only their SHA-256 is stored. A token works once, before it expires, and only while there is still
 * no active owner.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { memberships, setupTokens } from "./schema";
import type { Ledger } from "./types";

export async function createSetupToken(
  ledger: Ledger,
  input: { tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await ledger.db.insert(setupTokens).values(input);
}

export type ConsumeSetupTokenResult =
  | { outcome: "consumed" }
  | { outcome: "not_found" }
  | { outcome: "used" }
  | { outcome: "expired" }
  /** A workspace has an active owner already: setup is over. */
  | { outcome: "owner_exists" };

/** Marks the token used if it is unused, unexpired at `now` and no workspace has an active owner: one caller wins. */
export async function consumeSetupToken(
  ledger: Ledger,
  tokenHash: string,
  now: Date,
): Promise<ConsumeSetupTokenResult> {
  const activeOwner = ledger.db
    .select({ one: sql`1` })
    .from(memberships)
    .where(and(eq(memberships.role, "owner"), eq(memberships.status, "active")));
  const rows = await ledger.db
    .update(setupTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(setupTokens.tokenHash, tokenHash),
        isNull(setupTokens.usedAt),
        gt(setupTokens.expiresAt, now),
        sql`NOT EXISTS ${activeOwner}`,
      ),
    )
    .returning({ tokenHash: setupTokens.tokenHash });
  if (rows.length === 1) return { outcome: "consumed" };
  const [row] = await ledger.db.select().from(setupTokens).where(eq(setupTokens.tokenHash, tokenHash));
  if (!row) return { outcome: "not_found" };
  if (row.usedAt) return { outcome: "used" };
  if (row.expiresAt.getTime() <= now.getTime()) return { outcome: "expired" };
  return { outcome: "owner_exists" };
}

/** A token's state at an instant: `usable`, or why consuming it would fail. */
export type SetupTokenState = "usable" | Exclude<ConsumeSetupTokenResult["outcome"], "consumed">;

/** What consuming the token at `now` would answer, without consuming it (the setup page, and checks before the API is called). */
export async function setupTokenState(ledger: Ledger, tokenHash: string, now: Date): Promise<SetupTokenState> {
  const [row] = await ledger.db.select().from(setupTokens).where(eq(setupTokens.tokenHash, tokenHash));
  if (!row) return "not_found";
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  const [owner] = await ledger.db
    .select({ one: sql`1` })
    .from(memberships)
    .where(and(eq(memberships.role, "owner"), eq(memberships.status, "active")))
    .limit(1);
  return owner ? "owner_exists" : "usable";
}

const FIRST_RUN_LOCK = 0x70780020;

/** Two first-run setups (two links) cannot both make an owner: call first inside the setup's transaction. */
export async function lockFirstRunSetup(tx: Ledger): Promise<void> {
  await tx.db.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_RUN_LOCK})`);
}
