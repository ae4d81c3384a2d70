/**
 * Issue 8, tenant isolation as a property: for random sequences of writes and
 * reads by people of two businesses (each role with what it may do: the API key
 * for admins and operators, the access token for finance), no read shows
 * anything written in another business's workspace, and no lookup crosses
 * businesses (another business's payout is a 404).
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activity from "@/app/api/activity/route";
import * as payout from "@/app/api/payouts/[id]/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { getLedger } from "@/lib/server/ledger";
import { ensureSandboxWorkspaces } from "@/lib/server/services/workspace/sandbox-people";
import { can, type Permission, type Role } from "@/lib/shared/auth/roles";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { ACME, BETA, call, newKey, signIn, startBffHarness, type BffHarness } from "../helpers/bff";
import { addTestPerson } from "../helpers/people";

const BUSINESSES = { acme: ACME.businessId, beta: BETA.businessId } as const;
type Business = keyof typeof BUSINESSES;
const SESSION_KINDS = [
  "acme-admin",
  "acme-operator",
  "acme-finance",
  "beta-admin",
  "beta-operator",
  "beta-finance",
] as const;
type SessionKind = (typeof SESSION_KINDS)[number];

interface Signed {
  cookie: string;
  role: Role;
  name: string;
  business: Business;
}

const signed = new Map<SessionKind, Signed>();
/** Every name of this file's people, by business. */
const namesOf: Record<Business, Set<string>> = { acme: new Set(), beta: new Set() };

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness();
  const ledger = await getLedger();
  await ensureSandboxWorkspaces(ledger);
  // People of their own (unique names), so the activity log tells whose entry is whose.
  const tag = randomUUID().slice(0, 8);
  for (const kind of SESSION_KINDS) {
    const [business, role] = kind.split("-") as [Business, Role];
    const name = `${kind} ${tag}`;
    const person = await addTestPerson(ledger, { businessId: BUSINESSES[business], role }, name);
    signed.set(kind, { cookie: await signIn(session.POST, person.body), role, name, business });
    namesOf[business].add(name);
  }
  // Six argon2 sign-ins and the demo people's seeding: slow on a busy machine.
}, 180_000);
afterAll(async () => {
  await harness.close();
});

type Command =
  | { op: "pay"; by: SessionKind }
  | { op: "register"; by: SessionKind }
  | { op: "activity"; by: SessionKind }
  | { op: "lookup"; by: SessionKind; target: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant("pay" as const), by: fc.constantFrom(...SESSION_KINDS) }),
  fc.record({ op: fc.constant("register" as const), by: fc.constantFrom(...SESSION_KINDS) }),
  fc.record({ op: fc.constant("activity" as const), by: fc.constantFrom(...SESSION_KINDS) }),
  fc.record({ op: fc.constant("lookup" as const), by: fc.constantFrom(...SESSION_KINDS), target: fc.nat(20) }),
);

interface Written {
  key: string;
  payoutId: string | null;
  business: Business;
}

function who(kind: SessionKind): Signed {
  const found = signed.get(kind);
  if (!found) throw new Error(`no session for ${kind}`);
  return found;
}

/** The answer a role without `permission` gets; true when the role has it (the caller checks the rest). */
function allowed(person: Signed, permission: Permission, status: number): boolean {
  if (can(person.role, permission)) return true;
  expect([person.role, permission, status]).toEqual([person.role, permission, 403]);
  return false;
}

async function runCommands(commands: Command[]): Promise<void> {
  const run = randomUUID().slice(0, 8);
  const written: Written[] = [];

  for (const command of commands) {
    const person = who(command.by);
    if (command.op === "pay") {
      const key = newKey(`iso-${run}`);
      const result = await call(payouts.POST, "/api/payouts", {
        method: "POST",
        cookie: person.cookie,
        idempotencyKey: key,
        body: { amount_centavos: 1500, pix_key_type: "email", pix_key: "isolation@example.com" },
      });
      if (!allowed(person, "payouts.create", result.status)) continue;
      expect(result.status).toBe(201);
      written.push({ key, payoutId: (result.json.data as RegisterPayout).id, business: person.business });
    } else if (command.op === "register") {
      const result = await call(payouts.GET, "/api/payouts?limit=200", { cookie: person.cookie });
      if (!allowed(person, "payouts.register", result.status)) continue;
      expect(result.status).toBe(200);
      const keys = new Set((result.json.data as { items: RegisterPayout[] }).items.map((p) => p.idempotency_key));
      for (const w of written) expect(keys.has(w.key)).toBe(w.business === person.business);
    } else if (command.op === "activity") {
      const result = await call(activity.GET, "/api/activity?limit=200", { cookie: person.cookie });
      if (!allowed(person, "activity.list", result.status)) continue;
      expect(result.status).toBe(200);
      const entries = (result.json.data as { items: ActivityEntry[] }).items;
      const foreign = namesOf[person.business === "acme" ? "beta" : "acme"];
      // No entry by another business's people; other businesses' keys never show.
      expect(entries.filter((e) => foreign.has(e.actor.name))).toEqual([]);
      const foreignKeys = new Set(written.filter((w) => w.business !== person.business).map((w) => w.key));
      expect(entries.some((e) => e.idempotency_key !== null && foreignKeys.has(e.idempotency_key))).toBe(false);
    } else {
      const target = written.filter((w) => w.payoutId !== null)[command.target % Math.max(1, written.length)];
      if (!target?.payoutId) continue;
      const result = await call(payout.GET, `/api/payouts/${target.payoutId}`, {
        cookie: person.cookie,
        params: { id: target.payoutId },
      });
      if (!allowed(person, "payouts.lookup", result.status)) continue;
      if (target.business === person.business) expect(result.status).toBe(200);
      else {
        expect(result.status).toBe(404);
        expect(result.text).not.toContain(target.key);
      }
    }
  }
}

describe("tenant isolation", () => {
  it("no read or write crosses businesses, for random sequences of people and commands", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 4, maxLength: 10 }), (commands) => runCommands(commands)),
      { numRuns: 12, seed: 20261123, endOnFailure: true },
    );
  }, 120_000);
});
