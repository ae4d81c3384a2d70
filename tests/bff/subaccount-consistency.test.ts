/**
 * Subaccount changes and the ledger never disagree: concurrent changes of one
 * subaccount run one at a time (the API's last answer is the ledger's last
 * write), and a change's state and audit entry are kept together or not at all.
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as session from "@/app/api/session/route";
import * as subaccountBlocked from "@/app/api/subaccounts/[id]/blocked/route";
import * as subaccount from "@/app/api/subaccounts/[id]/route";
import { getLedger, listAudit } from "@/lib/server/ledger";
import type { KnownSubaccount } from "@/lib/shared/schemas/known-subaccount";
import {
  ACME,
  call,
  countUpstream,
  newKey,
  operatorBody,
  signIn,
  startBffHarness,
  type BffHarness,
  type CallResult,
} from "../helpers/bff";
import { resetConfigForTests } from "@/lib/server/config";

let harness: BffHarness;
let cookie = "";
beforeAll(async () => {
  harness = await startBffHarness();
  cookie = await signIn(session.POST, operatorBody);
});
afterAll(async () => {
  await harness.close();
});
afterEach(async () => {
  await harness.sandbox.clearFaults();
  const ledger = await getLedger();
  await ledger.db.execute(sql.raw("DROP TRIGGER IF EXISTS audit_fails ON audit_log"));
  await ledger.db.execute(sql.raw("DROP FUNCTION IF EXISTS audit_fails()"));
});

const blockedRoute = "POST /v1/subaccounts/:id/blocked";
const updateRoute = "POST /v1/subaccounts/:id/update";

const patch = (id: string, body: Record<string, unknown>) =>
  call(subaccount.PATCH, `/api/subaccounts/${id}`, {
    method: "PATCH",
    cookie,
    idempotencyKey: newKey("patch"),
    params: { id },
    body,
  });
const setBlocked = (id: string, isBlocked: boolean) =>
  call(subaccountBlocked.PUT, `/api/subaccounts/${id}/blocked`, {
    method: "PUT",
    cookie,
    idempotencyKey: newKey("block"),
    params: { id },
    body: { is_blocked: isBlocked },
  });
const known = async (id: string) =>
  (await call(subaccount.GET, `/api/subaccounts/${id}`, { cookie, params: { id } })).json.data as KnownSubaccount;
const routeCount = async (route: string) => (await harness.sandbox.stats()).by_route[route] ?? 0;

/** The subaccount as the API holds it now (an update that changes nothing, straight to the sandbox). */
async function upstreamState(id: string, name: string): Promise<{ is_blocked: boolean; daily_limit_centavos: string }> {
  const res = await fetch(`${harness.sandbox.url}/v1/subaccounts/${id}/update`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": ACME.apiKey },
    body: JSON.stringify({ name }),
  });
  return ((await res.json()) as { data: { is_blocked: boolean; daily_limit_centavos: string } }).data;
}

/**
 * Starts `first` with its API reply held back by `slowMs`, waits until the API
 * has received (and applied) it, then runs `second`, whose reply is immediate.
 */
async function race(
  route: string,
  path: string,
  slowMs: number,
  first: () => Promise<CallResult>,
  second: () => Promise<CallResult>,
) {
  const before = await routeCount(route);
  await harness.sandbox.addFault({ kind: "latency", ms: slowMs, method: "POST", path, count: 1 });
  const one = first();
  await vi.waitFor(async () => expect(await routeCount(route)).toBe(before + 1), { timeout: 5_000, interval: 10 });
  const two = second();
  return Promise.all([one, two]);
}

describe("concurrent changes of one subaccount", () => {
  it("block (slow answer) then unblock (fast answer): the ledger ends as the API does, and both are audited", async () => {
    const [block, unblock] = await race(
      blockedRoute,
      "/v1/subaccounts/sa_demo_1/blocked",
      700,
      () => setBlocked("sa_demo_1", true),
      () => setBlocked("sa_demo_1", false),
    );
    expect(block.status, block.text).toBe(200);
    expect(unblock.status, unblock.text).toBe(200);

    const upstream = await upstreamState("sa_demo_1", "Loja Centro");
    expect(upstream.is_blocked).toBe(false);
    expect((await known("sa_demo_1")).is_blocked).toBe(upstream.is_blocked);

    const audit = await listAudit(await getLedger(), ACME.businessId, { targetId: "sa_demo_1", outcome: "success" });
    // Newest first: the unblock was recorded after the block.
    expect(audit.items.map((e) => [e.action, e.after])).toEqual([
      ["subaccount.unblock", { is_blocked: false }],
      ["subaccount.block", { is_blocked: true }],
    ]);
  });

  it("two limit updates: the ledger keeps the limit the API applied last", async () => {
    const [slow, fast] = await race(
      updateRoute,
      "/v1/subaccounts/sa_demo_2/update",
      700,
      () => patch("sa_demo_2", { daily_limit_centavos: 700_000 }),
      () => patch("sa_demo_2", { daily_limit_centavos: 800_000 }),
    );
    expect(slow.status, slow.text).toBe(200);
    expect(fast.status, fast.text).toBe(200);

    const upstream = await upstreamState("sa_demo_2", "Filial Norte");
    expect(upstream.daily_limit_centavos).toBe("800000");
    expect((await known("sa_demo_2")).daily_limit_centavos).toBe(800_000);
    const audit = await listAudit(await getLedger(), ACME.businessId, {
      targetId: "sa_demo_2",
      action: "subaccount.update",
      outcome: "success",
    });
    expect(audit.items.map((e) => (e.after as { daily_limit_centavos: number }).daily_limit_centavos)).toEqual([
      800_000, 700_000,
    ]);
  });

  it("a change that cannot get its turn in time is a 409 'in progress' and sends nothing", async () => {
    const previous = process.env.SUBACCOUNT_INFLIGHT_WAIT_MS;
    process.env.SUBACCOUNT_INFLIGHT_WAIT_MS = "0";
    resetConfigForTests();
    try {
      const before = await routeCount(blockedRoute);
      const [first, second] = await race(
        blockedRoute,
        "/v1/subaccounts/sa_demo_1/blocked",
        700,
        () => setBlocked("sa_demo_1", true),
        () => setBlocked("sa_demo_1", false),
      );
      expect(first.status, first.text).toBe(200);
      expect(second.status, second.text).toBe(409);
      expect(second.json.error?.code).toBe("subaccount_change_in_progress");
      expect(await routeCount(blockedRoute)).toBe(before + 1);
      expect((await known("sa_demo_1")).is_blocked).toBe(true);
    } finally {
      if (previous === undefined) delete process.env.SUBACCOUNT_INFLIGHT_WAIT_MS;
      else process.env.SUBACCOUNT_INFLIGHT_WAIT_MS = previous;
      resetConfigForTests();
    }
  });
});

describe("state and audit entry in one transaction", () => {
  it("when the audit insert fails after the API made the change, the known state is not changed either, and the answer says so", async () => {
    expect((await patch("sa_demo_2", { name: "Filial Norte" })).status).toBe(200);
    const before = await known("sa_demo_2");
    const ledger = await getLedger();
    await ledger.db.execute(
      sql.raw(
        "CREATE FUNCTION audit_fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.outcome = 'success' THEN RAISE EXCEPTION 'audit insert failed'; END IF; RETURN NEW; END $$",
      ),
    );
    await ledger.db.execute(
      sql.raw("CREATE TRIGGER audit_fails BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_fails()"),
    );

    const { result, requests } = await countUpstream(harness.sandbox, () =>
      patch("sa_demo_2", { monthly_limit_centavos: 45_000_000 }),
    );
    expect(requests).toBe(1);
    expect(result.status).toBe(500);
    expect(result.json.error?.code).toBe("ledger_write_failed");
    expect(result.json.request_id).toMatch(/^req_/);
    expect(await known("sa_demo_2")).toEqual(before);
    const audit = await listAudit(ledger, ACME.businessId, { targetId: "sa_demo_2", action: "subaccount.update" });
    expect(
      audit.items.filter(
        (e) => (e.after as { monthly_limit_centavos?: number } | null)?.monthly_limit_centavos === 45_000_000,
      ),
    ).toEqual([]);
  });
});

describe("a late replay of an older change", () => {
  const setBlockedWith = (id: string, isBlocked: boolean, key: string) =>
    call(subaccountBlocked.PUT, `/api/subaccounts/${id}/blocked`, {
      method: "PUT",
      cookie,
      idempotencyKey: key,
      params: { id },
      body: { is_blocked: isBlocked },
    });
  const patchWith = (id: string, body: Record<string, unknown>, key: string) =>
    call(subaccount.PATCH, `/api/subaccounts/${id}`, {
      method: "PATCH",
      cookie,
      idempotencyKey: key,
      params: { id },
      body,
    });
  /** Every reply of the next call to `path` is lost after the API applied it (the client's retries get replays, lost too). */
  const loseAnswers = (path: string) =>
    harness.sandbox.addFault({ kind: "commit_then_drop", method: "POST", path, count: 20 });
  const auditOf = async (id: string, key: string) =>
    (await listAudit(await getLedger(), ACME.businessId, { targetId: id })).items
      .filter((e) => e.idempotencyKey === key)
      .map((e) => [e.action, e.outcome]);

  it("block K1 (answer lost), unblock K2, retry K1: the known state stays unblocked, the audit says replay, the answer tells the person", async () => {
    expect((await setBlocked("sa_demo_1", false)).status).toBe(200);
    const k1 = newKey("block");
    await loseAnswers("/v1/subaccounts/sa_demo_1/blocked");
    const lost = await setBlockedWith("sa_demo_1", true, k1);
    expect(lost.status, lost.text).toBeGreaterThanOrEqual(500);
    await harness.sandbox.clearFaults();
    expect((await upstreamState("sa_demo_1", "Loja Centro")).is_blocked).toBe(true);

    const k2 = newKey("unblock");
    const unblocked = await setBlockedWith("sa_demo_1", false, k2);
    expect(unblocked.status, unblocked.text).toBe(200);

    const retried = await setBlockedWith("sa_demo_1", true, k1);
    expect(retried.status, retried.text).toBe(200);
    expect((await known("sa_demo_1")).is_blocked).toBe(false);
    expect((await upstreamState("sa_demo_1", "Loja Centro")).is_blocked).toBe(false);
    expect(retried.json.data).toMatchObject({ is_blocked: false, replayed_older_change: true });
    expect(unblocked.json.data).toMatchObject({ is_blocked: false, replayed_older_change: false });

    expect(await auditOf("sa_demo_1", k1)).toEqual([
      ["subaccount.block", "replayed_older"],
      ["subaccount.block", "failure"],
    ]);
    const [replay] = (
      await listAudit(await getLedger(), ACME.businessId, { targetId: "sa_demo_1", outcome: "replayed_older" })
    ).items;
    expect(replay).toMatchObject({ idempotencyKey: k1, before: { is_blocked: false }, after: { is_blocked: false } });
    expect(replay?.requestId).toMatch(/^req_/);
  });

  it("a retry of the latest key whose answer was lost still applies, as a success", async () => {
    expect((await setBlocked("sa_demo_1", false)).status).toBe(200);
    const k1 = newKey("block");
    await loseAnswers("/v1/subaccounts/sa_demo_1/blocked");
    expect((await setBlockedWith("sa_demo_1", true, k1)).status).toBeGreaterThanOrEqual(500);
    await harness.sandbox.clearFaults();

    const retried = await setBlockedWith("sa_demo_1", true, k1);
    expect(retried.status, retried.text).toBe(200);
    expect((await known("sa_demo_1")).is_blocked).toBe(true);
    expect(await auditOf("sa_demo_1", k1)).toEqual([
      ["subaccount.block", "success"],
      ["subaccount.block", "failure"],
    ]);
    expect(retried.json.data).toMatchObject({ is_blocked: true, replayed_older_change: false });

    // Retried again (its answer is now recorded and still the latest): the same state, nothing recorded twice.
    const again = await setBlockedWith("sa_demo_1", true, k1);
    expect(again.json.data).toMatchObject({ is_blocked: true, replayed_older_change: false });
    expect(await auditOf("sa_demo_1", k1)).toHaveLength(2);
    expect((await setBlocked("sa_demo_1", false)).status).toBe(200);
  });

  it("limits: update K1 (answer lost), update K2, retry K1: the known limit stays K2's", async () => {
    const k1 = newKey("patch");
    await loseAnswers("/v1/subaccounts/sa_demo_2/update");
    expect((await patchWith("sa_demo_2", { daily_limit_centavos: 710_000 }, k1)).status).toBeGreaterThanOrEqual(500);
    await harness.sandbox.clearFaults();
    const k2 = newKey("patch");
    expect((await patchWith("sa_demo_2", { daily_limit_centavos: 720_000 }, k2)).status).toBe(200);

    const retried = await patchWith("sa_demo_2", { daily_limit_centavos: 710_000 }, k1);
    expect(retried.status, retried.text).toBe(200);
    expect((await known("sa_demo_2")).daily_limit_centavos).toBe(720_000);
    expect((await upstreamState("sa_demo_2", "Filial Norte")).daily_limit_centavos).toBe("720000");
    expect(retried.json.data).toMatchObject({ daily_limit_centavos: 720_000, replayed_older_change: true });
    expect(await auditOf("sa_demo_2", k1)).toEqual([
      ["subaccount.update", "replayed_older"],
      ["subaccount.update", "failure"],
    ]);
  });

  it("an older update's replay does not undo a newer block (the update's answer carries is_blocked too)", async () => {
    expect((await setBlocked("sa_demo_2", false)).status).toBe(200);
    const k1 = newKey("patch");
    await loseAnswers("/v1/subaccounts/sa_demo_2/update");
    expect((await patchWith("sa_demo_2", { name: "Filial Norte Nova" }, k1)).status).toBeGreaterThanOrEqual(500);
    await harness.sandbox.clearFaults();
    expect((await setBlocked("sa_demo_2", true)).status).toBe(200);

    const retried = await patchWith("sa_demo_2", { name: "Filial Norte Nova" }, k1);
    expect(retried.status, retried.text).toBe(200);
    expect(await known("sa_demo_2")).toMatchObject({ is_blocked: true, name: "Filial Norte Nova" });
    expect((await upstreamState("sa_demo_2", "Filial Norte Nova")).is_blocked).toBe(true);
    expect(retried.json.data).toMatchObject({
      is_blocked: true,
      name: "Filial Norte Nova",
      replayed_older_change: true,
    });
    expect((await setBlocked("sa_demo_2", false)).status).toBe(200);
  });

  it("a retried key whose answer was recorded, after a newer change: the newer state, flagged, recorded once", async () => {
    const k1 = newKey("block");
    expect((await setBlockedWith("sa_demo_1", true, k1)).status).toBe(200);
    expect((await setBlocked("sa_demo_1", false)).status).toBe(200);
    const retried = await setBlockedWith("sa_demo_1", true, k1);
    expect((await known("sa_demo_1")).is_blocked).toBe(false);
    expect(await auditOf("sa_demo_1", k1)).toEqual([["subaccount.block", "success"]]);
    expect(retried.json.data).toMatchObject({ is_blocked: false, replayed_older_change: true });
  });
});
