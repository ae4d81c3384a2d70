/**
 * Workspaces: the businesses people belong to, keyed by the business id (lower case: callers pass it normalised,
 * lib/shared/schemas/business-id.ts, and the table refuses another spelling), and
 * the first-run question "does any workspace have an active owner yet?".
 */
import { and, eq } from "drizzle-orm";
import { memberships, workspaces, type WorkspaceRow } from "./schema";
import type { Ledger } from "./types";

export type Workspace = WorkspaceRow;

export interface NewWorkspace {
  businessId: string;
  name: string;
  require2fa?: boolean;
}

/** Creates the workspace unless it exists (then it is returned unchanged). `created` says which. */
export async function ensureWorkspace(
  ledger: Ledger,
  input: NewWorkspace,
): Promise<{ workspace: Workspace; created: boolean }> {
  const { businessId } = input;
  const [created] = await ledger.db
    .insert(workspaces)
    .values({ businessId, name: input.name, require2fa: input.require2fa ?? false })
    .onConflictDoNothing({ target: workspaces.businessId })
    .returning();
  if (created) return { workspace: created, created: true };
  const existing = await getWorkspace(ledger, businessId);
  if (!existing) throw new Error("ledger: the workspace vanished while it was being created");
  return { workspace: existing, created: false };
}

export async function getWorkspace(ledger: Ledger, businessId: string): Promise<Workspace | null> {
  const [row] = await ledger.db.select().from(workspaces).where(eq(workspaces.businessId, businessId));
  return row ?? null;
}

/** True once some workspace has an active owner: from then on, setup links are refused (setup-tokens.ts). */
export async function anyActiveOwner(ledger: Ledger): Promise<boolean> {
  const [row] = await ledger.db
    .select({ businessId: memberships.businessId })
    .from(memberships)
    .where(and(eq(memberships.role, "owner"), eq(memberships.status, "active")))
    .limit(1);
  return row !== undefined;
}

/** Sets whether the workspace requires 2FA of everyone; the value before and after, or null when there is no such workspace. */
export async function setWorkspaceRequire2fa(
  ledger: Ledger,
  businessId: string,
  require2fa: boolean,
): Promise<{ before: boolean; after: boolean } | null> {
  return ledger.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ require2fa: workspaces.require2fa })
      .from(workspaces)
      .where(eq(workspaces.businessId, businessId))
      .for("update");
    if (!current) return null;
    if (current.require2fa !== require2fa)
      await tx.update(workspaces).set({ require2fa }).where(eq(workspaces.businessId, businessId));
    return { before: current.require2fa, after: require2fa };
  });
}
