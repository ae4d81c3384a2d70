/**
 * People of a test's own, beside the sandbox's demo people: for tests that deactivate someone, change a role or
 * leave a person without a workspace, so the demo people other tests sign in as stay as they are.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "@/lib/server/accounts/password";
import { addMembership, createMember, type Ledger } from "@/lib/server/ledger";
import type { Role } from "@/lib/shared/auth/roles";
import { DEMO_PASSWORD } from "./bff";

export interface TestPerson {
  memberId: string;
  email: string;
  name: string;
  /** The sign-in body (e-mail and DEMO_PASSWORD). */
  body: { email: string; password: string };
}

/** One argon2 hash of DEMO_PASSWORD for every test person (hashing is the slow part). */
let demoHash: Promise<string> | null = null;

/** A new person with `password`, a member of `businessId` in `role` (or of no workspace when null). */
export async function addTestPerson(
  ledger: Ledger,
  membership: { businessId: string; role: Role } | null,
  name = "Test Person",
  password = DEMO_PASSWORD,
): Promise<TestPerson> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  const passwordHash = password === DEMO_PASSWORD ? await demoHash : await hashPassword(password);
  const email = `person-${randomUUID()}@test.example`;
  const created = await createMember(ledger, { email, name, passwordHash });
  if (created.outcome !== "created") throw new Error(`test person ${email} not created`);
  if (membership) await addMembership(ledger, { ...membership, memberId: created.member.id });
  return { memberId: created.member.id, email, name, body: { email, password } };
}
