/**
 * Issue 8, tenant isolation as a property: for random sequences of writes and
 * reads by sessions of two businesses (API keys and viewer tokens), in sandbox
 * mode and against a "real" API with per-key scopes, no read shows anything
 * written under another scope, and no lookup crosses businesses.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as activity from "@/app/api/activity/route";
import * as payout from "@/app/api/payouts/[id]/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { resetTenancyForTests } from "@/lib/server/services/session/business";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { ACME, BETA, call, newKey, signIn, startBffHarness, type BffHarness } from "../helpers/bff";

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness();
});
afterAll(async () => {
  await harness.close();
});
afterEach(() => {
  delete process.env.PAYMENTS_API_URL;
  resetTenancyForTests();
});

type Mode = "sandbox" | "per-key";
const SESSION_KINDS = ["acme-operator", "beta-operator", "acme-viewer", "beta-viewer"] as const;
type SessionKind = (typeof SESSION_KINDS)[number];

interface Signed {
  kind: SessionKind;
  cookie: string;
  operator: boolean;
  name: string;
  /** Who owns what this session writes, as the deployment scopes it. */
  scope: string;
}

function scopeOf(kind: SessionKind, mode: Mode): string {
  const business = kind.startsWith("acme") ? ACME : BETA;
  if (kind.endsWith("viewer") || mode === "sandbox") return business.businessId;
  return `key:${business.apiKey}`;
}

async function signInAs(kind: SessionKind, mode: Mode, run: string): Promise<Signed> {
  const business = kind.startsWith("acme") ? ACME : BETA;
  const name = `${kind} ${run}`;
  const operator = kind.endsWith("operator");
  const body: Record<string, string> = operator
    ? { apiKey: business.apiKey, operatorName: name }
    : { accessToken: business.accessToken, businessId: business.businessId, operatorName: name };
  return { kind, cookie: await signIn(session.POST, body), operator, name, scope: scopeOf(kind, mode) };
}

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
  scope: string;
}

async function runCommands(mode: Mode, commands: Command[]): Promise<void> {
  const run = randomUUID().slice(0, 8);
  const signed = new Map<SessionKind, Signed>();
  for (const kind of SESSION_KINDS) signed.set(kind, await signInAs(kind, mode, run));
  const namesByScope = new Map<string, Set<string>>();
  for (const s of signed.values()) namesByScope.set(s.scope, new Set([...(namesByScope.get(s.scope) ?? []), s.name]));
  const written: Written[] = [];

  for (const command of commands) {
    const who = signed.get(command.by);
    if (!who) throw new Error("unknown session");
    if (command.op === "pay") {
      const key = newKey(`iso-${run}`);
      const result = await call(payouts.POST, "/api/payouts", {
        method: "POST",
        cookie: who.cookie,
        idempotencyKey: key,
        body: { amount_centavos: 1500, pix_key_type: "email", pix_key: "isolation@example.com" },
      });
      if (!who.operator) {
        expect(result.status).toBe(403);
        continue;
      }
      expect(result.status).toBe(201);
      written.push({ key, payoutId: (result.json.data as RegisterPayout).id, scope: who.scope });
    } else if (command.op === "register") {
      const result = await call(payouts.GET, "/api/payouts?limit=200", { cookie: who.cookie });
      if (!who.operator) {
        expect(result.status).toBe(403);
        continue;
      }
      const keys = new Set((result.json.data as { items: RegisterPayout[] }).items.map((p) => p.idempotency_key));
      for (const w of written) expect(keys.has(w.key)).toBe(w.scope === who.scope);
    } else if (command.op === "activity") {
      const result = await call(activity.GET, "/api/activity?limit=200", { cookie: who.cookie });
      if (!who.operator) {
        expect(result.status).toBe(403);
        continue;
      }
      const entries = (result.json.data as { items: ActivityEntry[] }).items;
      const ownNames = namesByScope.get(who.scope) ?? new Set<string>();
      // Entries of this run are by this scope's people only; other scopes' keys never show.
      for (const entry of entries.filter((e) => e.actor.name.endsWith(run)))
        expect(ownNames.has(entry.actor.name)).toBe(true);
      const foreignKeys = new Set(written.filter((w) => w.scope !== who.scope).map((w) => w.key));
      expect(entries.some((e) => e.idempotency_key !== null && foreignKeys.has(e.idempotency_key))).toBe(false);
    } else {
      const target = written.filter((w) => w.payoutId !== null)[command.target % Math.max(1, written.length)];
      if (!target?.payoutId) continue;
      const result = await call(payout.GET, `/api/payouts/${target.payoutId}`, {
        cookie: who.cookie,
        params: { id: target.payoutId },
      });
      const sameBusiness = target.scope === who.scope || command.by.slice(0, 4) === kindOfScope(target.scope);
      if (sameBusiness) expect(result.status).toBe(200);
      else {
        expect(result.status).toBe(404);
        expect(result.text).not.toContain(target.key);
      }
    }
  }
}

/** "acme"/"beta" for a scope label (the API itself scopes payouts by business, whatever our ledger scope). */
function kindOfScope(scope: string): string {
  return scope === ACME.businessId || scope === `key:${ACME.apiKey}` ? "acme" : "beta";
}

describe.each<Mode>(["sandbox", "per-key"])("tenant isolation (%s)", (mode) => {
  it("no read or write crosses scope, for random sequences of sessions and commands", async () => {
    if (mode === "per-key") process.env.PAYMENTS_API_URL = harness.sandbox.url;
    resetTenancyForTests();
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 4, maxLength: 10 }), (commands) =>
        runCommands(mode, commands),
      ),
      { numRuns: 12, seed: 20261123, endOnFailure: true },
    );
  }, 120_000);
});
