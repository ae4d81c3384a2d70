/**
 * A hostile upstream: the first send of many payouts is made upstream but its
 * answer is lost, and every re-send of those keys is refused — 401 (the key was
 * revoked mid-storm), 409 "in progress", 422 (a newer release validating the
 * stored body differently). None of those refusals says anything about the
 * first send, so no row may be marked rejected while a payout exists upstream
 * for its key: they end in needs review, for a person to resolve.
 */
import { randomUUID } from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { reconcilePayouts } from "@/lib/server/services/payouts/reconciler";
import { getLedger } from "@/lib/server/ledger";
import { payouts as payoutsTable } from "@/lib/server/ledger/schema";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import type { FaultRule } from "../helpers/sandbox";
import { call, operatorBody, signIn, startBffHarness, type BffHarness } from "../helpers/bff";

const PER_KIND = 20;
const CLIENTS = 10;
const TRIES = 3;

let harness: BffHarness;
let cookie = "";
beforeAll(async () => {
  harness = await startBffHarness({
    env: { PAYMENTS_ATTEMPT_TIMEOUT_MS: "800", PAYMENTS_DEADLINE_MS: "3000", PAYOUT_AUTO_RESEND_WINDOW_MS: "60000" },
    sandbox: { concurrentSameKey: "conflict" },
  });
  cookie = await signIn(session.POST, operatorBody);
}, 60_000);
afterAll(async () => {
  await harness.close();
});

const refusals = [
  ["error401", "a revoked key"],
  ["error409", "'in progress'"],
  ["error422", "a newer validation"],
] as const;

function faultsFor(kind: (typeof refusals)[number][0]): FaultRule[] {
  return [
    { kind: "error503", method: "POST", path: "/v1/payouts", rate: 0.1, retry_after: 0 },
    // Half the first sends are made upstream and their answer lost …
    { kind: "commit_then_drop", method: "POST", path: "/v1/payouts", rate: 0.5, when: "first" },
    // … and every re-send of a key that made something is refused.
    { kind, method: "POST", path: "/v1/payouts", when: "replay" },
  ];
}

async function sendWithRetries(queue: string[], prefix: string, replies: Map<number, number>): Promise<void> {
  for (let key = queue.shift(); key; key = queue.shift()) {
    for (let i = 0; i < TRIES; i++) {
      const result = await call(payouts.POST, "/api/payouts", {
        method: "POST",
        cookie,
        idempotencyKey: key,
        body: { amount_centavos: 5_000, pix_key_type: "email", pix_key: `${prefix}@example.com` },
      });
      replies.set(result.status, (replies.get(result.status) ?? 0) + 1);
      expect(result.json.request_id, result.text).toEqual(expect.any(String));
      if (result.status < 300) break;
    }
  }
}

/** Moves the rows' creation and send back past the automatic re-send window (the test's clock, not a wait). */
async function closeResendWindow(prefix: string): Promise<void> {
  const ledger = await getLedger();
  await ledger.db
    .update(payoutsTable)
    .set({
      createdAt: sql`now() - interval '2 hours'`,
      sendStartedAt: sql`now() - interval '2 hours'`,
      updatedAt: sql`now() - interval '1 hour'`,
    })
    .where(like(payoutsTable.idempotencyKey, `${prefix}-%`));
}

async function registerRows(prefix: string): Promise<RegisterPayout[]> {
  const listed = await call(payouts.GET, `/api/payouts?search=${prefix}-&limit=500`, { cookie });
  return (listed.json.data as { items: RegisterPayout[] }).items;
}

describe("hostile upstream", () => {
  it.each(refusals)(
    "re-sends refused with %s (%s): zero rows rejected while a payout exists upstream; they end in needs review",
    async (kind) => {
      const prefix = `hostile-${kind}-${randomUUID().slice(0, 8)}`;
      const keys = Array.from({ length: PER_KIND }, (_, i) => `${prefix}-${i}`);
      await harness.sandbox.setFaults(faultsFor(kind));
      const replies = new Map<number, number>();
      const queue = [...keys];
      await Promise.all(Array.from({ length: CLIENTS }, () => sendWithRetries(queue, prefix, replies)));
      // The reconciler re-sends what is left while the window is open (refused again), then the window closes.
      await reconcilePayouts(await getLedger(), { olderThanMs: 0 });
      await closeResendWindow(prefix);
      await reconcilePayouts(await getLedger(), { olderThanMs: 0 });
      await harness.sandbox.clearFaults();

      const upstream = (await harness.sandbox.payouts()).filter((p) => p.idempotency_key.startsWith(`${prefix}-`));
      const upstreamKeys = new Set(upstream.map((p) => p.idempotency_key));
      const rows = new Map((await registerRows(prefix)).map((r) => [r.idempotency_key, r]));
      const byState: Record<string, number> = {};
      for (const r of rows.values()) byState[r.state] = (byState[r.state] ?? 0) + 1;
      console.log(
        `[hostile upstream] ${kind}: ${PER_KIND} payouts; BFF replies ${JSON.stringify(Object.fromEntries(replies))}; upstream payouts ${upstream.length}; register ${JSON.stringify(byState)}`,
      );

      expect(upstream.length).toBe(upstreamKeys.size);
      // The experiment did what it meant to: some answers were lost and their re-sends refused.
      expect(byState.needs_review ?? 0).toBeGreaterThan(0);
      for (const key of keys) {
        const row = rows.get(key);
        expect(row, key).toBeDefined();
        if (upstreamKeys.has(key)) {
          expect(["submitted", "needs_review"], `${key}: ${row?.state}`).toContain(row?.state);
          if (row?.state === "submitted") expect(row.id).toBe(upstream.find((p) => p.idempotency_key === key)?.id);
        } else {
          // Nothing was made: only a definite answer may have said so.
          expect(["rejected", "needs_review"], `${key}: ${row?.state}`).toContain(row?.state);
        }
      }
      const ledger = await getLedger();
      const stillAuto = await ledger.db
        .select({ key: payoutsTable.idempotencyKey })
        .from(payoutsTable)
        .where(eq(payoutsTable.state, "uncertain"));
      expect(stillAuto.filter((r) => r.key.startsWith(prefix))).toEqual([]);
    },
    240_000,
  );
});
