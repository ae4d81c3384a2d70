/**
 * The fault storm: 500 payouts through the BFF by 20 concurrent clients, each
 * retrying with its own key, while the sandbox injects 503s with Retry-After,
 * 429 bursts, latency spikes, hanging requests, HTML 502s and commit-then-drop,
 * and the reconciler runs alongside. Exactly one payout per key must exist
 * upstream, with one register row each, amounts and keys matching. Figures are
 * printed for docs/reliability.md.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { startReconciler, stopReconciler } from "@/lib/server/services/payouts/reconciler";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { ACME, call, operatorBody, signIn, startBffHarness, type BffHarness } from "../helpers/bff";
import type { FaultRule } from "../helpers/sandbox";

const PAYOUTS = Number(process.env.STORM_PAYOUTS ?? 500);
const CLIENTS = 20;
const MAX_TRIES = 40;

const STORM: FaultRule[] = [
  { kind: "latency", method: "POST", path: "/v1/payouts", rate: 0.1, ms: 400 },
  { kind: "error503", method: "POST", path: "/v1/payouts", rate: 0.2, retry_after: 1 },
  { kind: "throttle429", method: "POST", path: "/v1/payouts", rate: 0.05, retry_after: 1 },
  { kind: "hang", method: "POST", path: "/v1/payouts", rate: 0.02 },
  { kind: "html502", method: "POST", path: "/v1/payouts", rate: 0.05 },
  { kind: "commit_then_drop", method: "POST", path: "/v1/payouts", rate: 0.1 },
];

let harness: BffHarness;
let cookie = "";
beforeAll(async () => {
  harness = await startBffHarness({
    env: {
      PAYMENTS_ATTEMPT_TIMEOUT_MS: "800",
      PAYMENTS_DEADLINE_MS: "4000",
      PAYMENTS_RETRY_BASE_MS: "20",
      PAYMENTS_RETRY_CAP_MS: "200",
      // The app's own reconciler, on a short period, re-sends what clients leave unresolved.
      RECONCILE_INTERVAL_MS: "250",
      RECONCILE_AFTER_MS: "200",
    },
    // A stricter API: a same-key request while another is being answered gets 409, so nothing relies on upstream serialising sends.
    sandbox: { concurrentSameKey: "conflict" },
  });
  cookie = await signIn(session.POST, operatorBody);
}, 60_000);
afterAll(async () => {
  stopReconciler();
  await harness.close();
});

/** Every register row whose key matches, page by page. */
async function registerRows(search: string): Promise<RegisterPayout[]> {
  const rows: RegisterPayout[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `/api/payouts?search=${search}&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const page = (await call(payouts.GET, query, { cookie })).json.data as {
      items: RegisterPayout[];
      next_cursor: string | null;
    };
    rows.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return rows;
}

interface Planned {
  key: string;
  amount: number;
  pixKey: string;
}

interface Tally {
  replies: number;
  withoutRequestId: number;
  byStatus: Record<string, number>;
  tries: number[];
}

async function runClient(queue: Planned[], tally: Tally): Promise<void> {
  for (let planned = queue.shift(); planned; planned = queue.shift()) {
    let tries = 0;
    for (;;) {
      tries += 1;
      const result = await call(payouts.POST, "/api/payouts", {
        method: "POST",
        cookie,
        idempotencyKey: planned.key,
        body: { amount_centavos: planned.amount, pix_key_type: "email", pix_key: planned.pixKey },
      });
      tally.replies += 1;
      tally.byStatus[result.status] = (tally.byStatus[result.status] ?? 0) + 1;
      if (typeof result.json.request_id !== "string" || result.json.request_id === "") tally.withoutRequestId += 1;
      if (result.status === 200 || result.status === 201) break;
      // Anything else must be "not known yet" — never a refusal of a valid payout.
      expect([409, 502, 503, 504], result.text).toContain(result.status);
      if (result.status === 409) expect(result.json.error?.code).toBe("payout_in_progress");
      if (tries >= MAX_TRIES) throw new Error(`payout ${planned.key} still unresolved after ${tries} tries`);
    }
    tally.tries.push(tries);
  }
}

describe("fault storm", () => {
  it(`${PAYOUTS} payouts by ${CLIENTS} clients under injected faults: exactly one payout and one register row per key`, async () => {
    const plan: Planned[] = Array.from({ length: PAYOUTS }, (_, i) => ({
      key: `storm-${randomUUID()}`,
      amount: 1_000 + i,
      pixKey: `storm${i}@example.com`,
    }));
    await harness.sandbox.setFaults(STORM);
    const tally: Tally = { replies: 0, withoutRequestId: 0, byStatus: {}, tries: [] };
    const started = performance.now();

    // The reconciler runs alongside the clients, as it does in the app.
    startReconciler();
    const queue = [...plan];
    await Promise.all(Array.from({ length: CLIENTS }, () => runClient(queue, tally)));
    stopReconciler();
    const seconds = (performance.now() - started) / 1000;

    await harness.sandbox.clearFaults();
    const upstream = (await harness.sandbox.payouts()).filter((p) => p.idempotency_key.startsWith("storm-"));
    const byKey = new Map<string, typeof upstream>();
    for (const p of upstream) byKey.set(p.idempotency_key, [...(byKey.get(p.idempotency_key) ?? []), p]);
    const rows = await registerRows("storm-");

    const stats = await harness.sandbox.stats();
    const sorted = [...tally.tries].sort((a, b) => a - b);
    console.log(
      `[fault storm] ${PAYOUTS} payouts, ${CLIENTS} clients, ${seconds.toFixed(1)} s; BFF replies ${tally.replies} ${JSON.stringify(tally.byStatus)}; ` +
        `tries per payout median ${sorted[Math.floor(sorted.length / 2)]} max ${sorted[sorted.length - 1]}; ` +
        `upstream POST /v1/payouts ${stats.by_route["POST /v1/payouts"] ?? 0}; same-key overlaps upstream ${stats.same_key_overlaps}; replies without request_id ${tally.withoutRequestId}`,
    );

    expect(tally.withoutRequestId).toBe(0);
    expect(byKey.size).toBe(PAYOUTS);
    for (const planned of plan) {
      const made = byKey.get(planned.key) ?? [];
      expect(made, planned.key).toHaveLength(1);
      expect(made[0]).toMatchObject({
        amount_centavos: planned.amount,
        pix_key: planned.pixKey,
        business_id: ACME.businessId,
      });
    }
    expect(rows).toHaveLength(PAYOUTS);
    const rowByKey = new Map(rows.map((r) => [r.idempotency_key, r]));
    for (const planned of plan) {
      const row = rowByKey.get(planned.key);
      expect(row, planned.key).toMatchObject({
        state: "submitted",
        amount_centavos: planned.amount,
        id: byKey.get(planned.key)?.[0]?.id,
      });
    }
  }, 600_000);
});
