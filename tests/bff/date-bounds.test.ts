/**
 * Dates the BFF accepts are bounded in the shared schemas (lib/shared/schemas/dates.ts):
 * a date outside its range is a 422 naming the field, and nothing reaches the
 * ledger or the payments API. The instant is read with its offset, so the edges
 * are where the offset moves the year (0001 at +14:00 is year 0 UTC; 9999-12-31
 * at −12:00 is year 10000 UTC).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activity from "@/app/api/activity/route";
import * as paymentLinks from "@/app/api/payment-links/route";
import * as session from "@/app/api/session/route";
import {
  call,
  countUpstream,
  financeBody,
  newKey,
  operatorBody,
  signIn,
  startBffHarness,
  type BffHarness,
  type CallResult,
} from "../helpers/bff";

const DAY_MS = 86_400_000;

let harness: BffHarness;
let cookie = "";
/** The activity log is read by finance (the operator may not read it). */
let finance = "";
beforeAll(async () => {
  harness = await startBffHarness();
  cookie = await signIn(session.POST, operatorBody);
  finance = await signIn(session.POST, financeBody);
});
afterAll(async () => {
  await harness.close();
});

function expectRefused(result: CallResult, field: string, message: string): void {
  expect(result.status, result.text).toBe(422);
  expect(result.json.error?.code).toBe("validation_error");
  expect(result.json.error?.fields?.[field]).toBe(message);
}

const activityAt = (query: string) => call(activity.GET, `/api/activity?${query}`, { cookie: finance });

describe("GET /api/activity date filters", () => {
  it.each([
    ["from", "0000-01-01T00:00:00Z"],
    ["from", "0001-01-01T00:00:00+14:00"],
    ["to", "9999-12-31T23:59:59-12:00"],
    ["to", "9999-12-31T23:59:59Z"],
    ["from", "1969-12-31T23:59:59Z"],
    ["from", "1999-12-31T23:59:59.999Z"],
    ["to", "2000-01-01T00:30:00+01:00"],
    ["to", "2100-01-01T00:00:00.001Z"],
    ["from", "2099-12-31T23:00:00-01:01"],
  ])("%s=%s → 422 naming it, a date out of range", async (field, value) => {
    expectRefused(await activityAt(`${field}=${encodeURIComponent(value)}`), field, "validation.dateOutOfRange");
  });

  it.each([
    ["from", "2000-01-01T00:00:00Z"],
    ["from", "2000-01-01T03:00:00+03:00"],
    ["to", "2100-01-01T00:00:00Z"],
    ["to", "2099-12-31T23:00:00-01:00"],
  ])("%s=%s, on the edge of the range → 200", async (field, value) => {
    const result = await activityAt(`${field}=${encodeURIComponent(value)}`);
    expect(result.status, result.text).toBe(200);
  });

  it.each([
    "2026-11-22t10:00:00z",
    "2026-11-22T10:00:00",
    "2026-11-22",
    "2026-12-31T23:59:60Z",
    "2026-11-22T10:00:00+24:00",
  ])("from=%s, not an ISO instant with an offset → 422 naming it", async (value) => {
    expectRefused(await activityAt(`from=${encodeURIComponent(value)}`), "from", "validation.isoDate");
  });
});

describe("POST /api/payment-links expires_at", () => {
  const valid = { name: "Curso", amount_centavos: 1000 };
  const create = (expiresAt: string) =>
    countUpstream(harness.sandbox, () =>
      call(paymentLinks.POST, "/api/payment-links", {
        cookie,
        method: "POST",
        idempotencyKey: newKey("exp"),
        body: { ...valid, slug: `exp-${newKey("s").slice(-8).toLowerCase()}`, expires_at: expiresAt },
      }),
    );
  const isoAt = (ms: number) => new Date(ms).toISOString();

  it.each([
    ["9999-12-31T23:59:59-12:00 (year 10000 UTC)", "9999-12-31T23:59:59-12:00"],
    ["9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"],
    ["2099-01-01T00:00:00Z", "2099-01-01T00:00:00Z"],
  ])("%s → 422 naming it, too far ahead; nothing sent", async (_label, value) => {
    const { result, requests } = await create(value);
    expectRefused(result, "expires_at", "validation.expiresTooFar");
    expect(requests).toBe(0);
  });

  it("is counted on the injected clock: in the past once the clock moved past it, within the horizon from the clock's now", async () => {
    const soon = isoAt(harness.clock.now() + 7 * DAY_MS);
    await harness.clock.skip(30 * DAY_MS);
    const past = await create(soon);
    expectRefused(past.result, "expires_at", "validation.expiresInPast");
    expect(past.requests).toBe(0);
    const nearHorizon = await create(isoAt(harness.clock.now() + 5 * 365 * DAY_MS));
    expect(nearHorizon.result.status, nearHorizon.result.text).toBe(201);
  });
});
