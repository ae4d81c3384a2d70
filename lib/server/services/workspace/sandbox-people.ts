import "server-only";
import {
  addMembership,
  createMember,
  ensureWorkspace,
  findMemberByEmail,
  getWorkspaceCredential,
  type Ledger,
} from "@/lib/server/ledger";
import { isSandboxMode } from "@/lib/server/config";
import { hashPassword } from "@/lib/server/accounts/password";
import { log } from "@/lib/server/log";
import { sandboxDirectory, type DemoBusiness } from "@/lib/server/payments-api/sandbox-directory";
import {
  isProvisionedByEnvironment,
  storeCredentialInVault,
  WorkspaceSecret,
} from "@/lib/server/security/credential-vault";
import type { Role } from "@/lib/shared/auth/roles";

/**
 * The demo people of the sandbox's businesses: one per role, with one known
 * password and 2FA off, so that `npm run dev` on a fresh machine can be tried
 * as every role. Sandbox mode only: against a real API there are no default
 * accounts (the first owner comes through a one-time setup link).
 */
export const SANDBOX_DEMO_PASSWORD = "sandbox-demo-password";

const DEMO_PEOPLE: readonly { role: Role; name: string }[] = [
  { role: "owner", name: "Helena Prado" },
  { role: "admin", name: "Rafael Lima" },
  { role: "operator", name: "Olivia Santos" },
  { role: "finance", name: "Fernanda Costa" },
  { role: "support", name: "Sergio Alves" },
];

export interface DemoPerson {
  email: string;
  name: string;
  role: Role;
  businessId: string;
  businessName: string;
}

function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[^\p{Letter}\p{Number}]+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  return slug || "business";
}

/** Each demo business's people, e-mail `<role>@<business>.example` (a domain that never receives mail). */
export function demoPeopleOf(businesses: readonly DemoBusiness[]): DemoPerson[] {
  return businesses.flatMap((business) =>
    DEMO_PEOPLE.map(({ role, name }) => ({
      email: `${role}@${slugOf(business.name)}.example`,
      name,
      role,
      businessId: business.id,
      businessName: business.name,
    })),
  );
}

let demoHash: Promise<string> | null = null;

async function ensureBusiness(ledger: Ledger, business: DemoBusiness): Promise<void> {
  await ensureWorkspace(ledger, { businessId: business.id, name: business.name });
  // One argon2 hash for every demo person: the password is public anyway, and this runs on every start.
  demoHash ??= hashPassword(SANDBOX_DEMO_PASSWORD);
  const passwordHash = await demoHash;
  for (const person of demoPeopleOf([business])) {
    const created = await createMember(ledger, { email: person.email, name: person.name, passwordHash });
    const member = created.outcome === "created" ? created.member : await findMemberByEmail(ledger, person.email);
    if (!member) throw new Error(`sandbox: demo person ${person.email} vanished while being created`);
    await addMembership(ledger, { businessId: business.id, memberId: member.id, role: person.role });
  }
  const credentials = [
    { kind: "api_key", secret: business.demo.apiKey },
    { kind: "bearer", secret: business.demo.accessToken },
  ] as const;
  for (const { kind, secret } of credentials) {
    if (isProvisionedByEnvironment(business.id, kind)) continue;
    // Kept when there is one: someone may have replaced the demo key on purpose.
    if (await getWorkspaceCredential(ledger, business.id, kind)) continue;
    await storeCredentialInVault(ledger, {
      businessId: business.id,
      kind,
      secret: new WorkspaceSecret(secret),
      byName: "Sandbox",
    });
  }
}

const seeded = new WeakMap<Ledger, Promise<void>>();

/**
 * The sandbox's workspaces, their demo people and their demo credentials (in
 * the vault), once per ledger; nothing outside sandbox mode. Safe to run from
 * several instances at once (every step is insert-if-absent).
 */
export function ensureSandboxWorkspaces(ledger: Ledger): Promise<void> {
  if (!isSandboxMode()) return Promise.resolve();
  let pending = seeded.get(ledger);
  if (!pending) {
    pending = (async () => {
      for (const business of await sandboxDirectory()) await ensureBusiness(ledger, business);
    })();
    seeded.set(ledger, pending);
    pending.catch((error: unknown) => {
      seeded.delete(ledger);
      log.warn("sandbox.demo_people_unavailable", { error });
    });
  }
  return pending;
}

/** The demo people the sign-in page offers (sandbox mode only; none when the sandbox cannot be asked). */
export async function sandboxDemoPeople(): Promise<DemoPerson[]> {
  if (!isSandboxMode()) return [];
  try {
    return demoPeopleOf(await sandboxDirectory());
  } catch (error) {
    log.warn("login.sandbox_directory_unavailable", { error });
    return [];
  }
}
