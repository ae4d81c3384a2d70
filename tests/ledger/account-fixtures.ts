/** Test support for the personal account tables (workspaces, members, memberships, invitations, …). */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach } from "vitest";
import {
  addMembership,
  createMember,
  ensureWorkspace,
  type Ledger,
  type Member,
  type MemberRole,
} from "@/lib/server/ledger";
import { useLedger, type DriverName } from "./helpers";

/** A migrated ledger for the describe block whose account tables are emptied before each test too. */
export function useAccountsLedger(driver: DriverName): () => Ledger {
  const ledger = useLedger(driver);
  beforeEach(async () => {
    await ledger().db.execute(
      sql.raw(
        "TRUNCATE sign_in_challenges, setup_tokens, recovery_codes, invitations, memberships, members, workspaces",
      ),
    );
  });
  return ledger;
}

export const WS_ACME = "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f";
export const WS_BETA = "0b6f3c1d-8e2a-4f7b-a9c0-5d4e3f2a1b0c";
export const NOW = new Date("2026-06-01T12:00:00Z");
export const HOUR = 3_600_000;
export const at = (ms: number) => new Date(NOW.getTime() + ms);

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
export const newTokenHash = () => sha256(randomBytes(32).toString("base64url"));

export async function workspace(ledger: Ledger, businessId = WS_ACME, name = "Acme") {
  return (await ensureWorkspace(ledger, { businessId, name })).workspace;
}

export async function person(ledger: Ledger, email: string, name = email.split("@")[0] ?? email): Promise<Member> {
  const result = await createMember(ledger, { email, name, passwordHash: `$argon2id$fake$${email}` });
  if (result.outcome !== "created") throw new Error(`${email}: ${result.outcome}`);
  return result.member;
}

/** A person with a membership of `role` in the workspace (created if missing). */
export async function memberOf(ledger: Ledger, businessId: string, email: string, role: MemberRole): Promise<Member> {
  await workspace(ledger, businessId);
  const member = await person(ledger, email);
  const added = await addMembership(ledger, { businessId, memberId: member.id, role });
  if (added.outcome !== "added") throw new Error(`${email}: ${added.outcome}`);
  return member;
}
