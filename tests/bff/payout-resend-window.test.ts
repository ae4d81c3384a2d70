/**
 * The automatic re-send window counts from the send now unresolved, over the real
 * sandbox and ledger with the injected clock: a payout the API refused, sent again
 * much later, gets a whole window for its new send.
 */
import { describe, expect, it } from "vitest";
import * as payouts from "@/app/api/payouts/route";
import { getLedger } from "@/lib/server/ledger";
import { reconcilePayouts } from "@/lib/server/services/payouts/reconciler";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { call, newKey, type CallResult } from "../helpers/bff";
import { setUpBffHarness } from "../helpers/bff-suite";

const WINDOW_MS = 60_000;
const bff = setUpBffHarness({ env: { PAYOUT_AUTO_RESEND_WINDOW_MS: String(WINDOW_MS) } });

const createPayout = (key: string, amount: number): Promise<CallResult> =>
  call(payouts.POST, "/api/payouts", {
    method: "POST",
    cookie: bff.cookie,
    idempotencyKey: key,
    body: { amount_centavos: amount, pix_key_type: "email", pix_key: "ana@example.com" },
  });

async function row(key: string): Promise<RegisterPayout> {
  const result = await call(payouts.GET, `/api/payouts?search=${key}`, { cookie: bff.cookie });
  const found = (result.json.data as { items: RegisterPayout[] }).items.find((r) => r.idempotency_key === key);
  if (!found) throw new Error(`no register row for ${key}`);
  return found;
}

const upstreamFor = async (key: string) =>
  (await bff.harness.sandbox.payouts()).filter((p) => p.idempotency_key === key);
const reconcileAt = async (at: number) => reconcilePayouts(await getLedger(), { olderThanMs: 0, now: new Date(at) });

/** Refused (a definite 422), then — past a whole window later — sent again with no answer: uncertain. */
async function rejectedThenUnansweredLater(key: string, amount: number): Promise<number> {
  await bff.harness.sandbox.addFault({ kind: "error422", method: "POST", path: "/v1/payouts", count: 1 });
  expect((await createPayout(key, amount)).status).toBe(422);
  expect((await row(key)).state).toBe("rejected");

  await bff.harness.clock.skip(5 * WINDOW_MS);
  const resentAt = bff.harness.clock.now();
  await bff.harness.sandbox.addFault({ kind: "error503", method: "POST", path: "/v1/payouts", count: 20 });
  expect((await createPayout(key, amount)).status).toBe(504);
  await bff.harness.sandbox.clearFaults();
  expect(await upstreamFor(key)).toHaveLength(0);
  return resentAt;
}

describe("the automatic re-send window of a payout sent again after a refusal", () => {
  it("counts from the new send: its unanswered send is re-sent automatically inside the window, not sent to review", async () => {
    const key = newKey("resend-after-reject");
    const resentAt = await rejectedThenUnansweredLater(key, 8_101);
    const waiting = await row(key);
    expect(waiting.state).toBe("uncertain");
    expect(Date.parse(waiting.auto_resend_until ?? "")).toBeGreaterThanOrEqual(resentAt + WINDOW_MS);

    const pass = await reconcileAt(bff.harness.clock.now() + 1_000);
    expect(pass.submitted).toBe(1);
    expect(await row(key)).toMatchObject({ state: "submitted", review: null });
    expect(await upstreamFor(key)).toHaveLength(1);
  });

  it("still closes a window after the new send: past it, the unanswered payout waits for a person", async () => {
    const key = newKey("resend-after-reject-late");
    const resentAt = await rejectedThenUnansweredLater(key, 8_102);
    const pass = await reconcileAt(resentAt + WINDOW_MS + 5_000);
    expect(pass.toReview).toBeGreaterThanOrEqual(1);
    expect(pass.examined).toBe(0);
    expect(await row(key)).toMatchObject({ state: "needs_review", review: { reason: "resend_window_passed" } });
    expect(await upstreamFor(key)).toHaveLength(0);
  });
});
