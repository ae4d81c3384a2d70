/**
 * When the ledger fails under a route handler or the reconciler, the server's
 * log line says what failed and with which request id — and holds no Pix key,
 * no sealed credential, no document, no e-mail, no API key, although every one
 * of them was a parameter of the failing query. Real sandbox, real ledger; the
 * database refuses through triggers (as a full disk or a broken replica would).
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import * as subaccount from "@/app/api/subaccounts/[id]/route";
import { reconcilePayouts } from "@/lib/server/services/payouts/reconciler";
import { getLedger } from "@/lib/server/ledger";
import { ACME, call, newKey, operatorBody, signIn, startBffHarness, type BffHarness } from "../helpers/bff";
import { captureLogs, type CapturedLogs } from "../helpers/logs";

const PIX_KEY = "canary.recipient@example.com";
const CPF_PIX_KEY = "52998224725";
const SUB_EMAIL = "canary.subaccount@example.com";
const SUB_DOCUMENT = "52998224725";

let harness: BffHarness;
let cookie = "";
let logs: CapturedLogs | null = null;
beforeAll(async () => {
  harness = await startBffHarness();
  cookie = await signIn(session.POST, operatorBody);
});
afterAll(async () => {
  await harness.close();
});
afterEach(async () => {
  logs?.restore();
  logs = null;
  await harness.sandbox.clearFaults();
  const { db } = await getLedger();
  await db.execute(sql.raw("DROP TRIGGER IF EXISTS pixops_test_refuse ON payouts"));
  await db.execute(sql.raw("DROP TRIGGER IF EXISTS pixops_test_refuse ON subaccounts"));
});

async function refuse(table: "payouts" | "subaccounts", events: string): Promise<void> {
  const { db } = await getLedger();
  await db.execute(
    sql.raw(
      `CREATE OR REPLACE FUNCTION pixops_test_refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'the disk is full (test trigger)'; END $$ LANGUAGE plpgsql`,
    ),
  );
  await db.execute(
    sql.raw(
      `CREATE TRIGGER pixops_test_refuse BEFORE ${events} ON ${table} FOR EACH ROW EXECUTE FUNCTION pixops_test_refuse()`,
    ),
  );
}

/** Nothing sensitive in anything the server wrote meanwhile. */
function expectCleanLogs(captured: CapturedLogs): void {
  const text = captured.text();
  for (const value of [
    PIX_KEY,
    CPF_PIX_KEY,
    "529.982.247-25",
    SUB_EMAIL,
    SUB_DOCUMENT,
    ACME.apiKey,
    "Fe26.",
    "params:",
  ]) {
    expect(text, `the log holds ${value}`).not.toContain(value);
  }
}

describe("a failing ledger write under a route handler", () => {
  it("POST /api/payouts: 500 without detail; the log line has the reply's request id and none of the payout's values", async () => {
    await refuse("payouts", "INSERT");
    logs = captureLogs();
    const replies = [];
    for (const [type, key] of [
      ["email", PIX_KEY],
      ["cpf", CPF_PIX_KEY],
    ] as const) {
      replies.push(
        await call(payouts.POST, "/api/payouts", {
          method: "POST",
          cookie,
          idempotencyKey: newKey("log"),
          body: { amount_centavos: 1234, pix_key_type: type, pix_key: key },
        }),
      );
    }
    logs.restore();
    for (const reply of replies) {
      expect(reply.status, reply.text).toBe(500);
      expect(reply.json.error?.code).toBe("internal_error");
      expect(reply.text).not.toContain(PIX_KEY);
      const line = logs.stderr.find((l) => l.event === "bff.unexpected_error" && l.requestId === reply.json.request_id);
      expect(line, "a log line with the reply's request id").toBeDefined();
      expect(line?.error).toMatchObject({ name: "LedgerQueryError", code: "P0001" });
    }
    expectCleanLogs(logs);
  });

  it("PATCH /api/subaccounts/{id}: the API made the change, the ledger could not record it; the line names the subaccount, not its document or e-mail", async () => {
    await refuse("subaccounts", "INSERT OR UPDATE");
    logs = captureLogs();
    const reply = await call(subaccount.PATCH, "/api/subaccounts/sa_demo_1", {
      method: "PATCH",
      cookie,
      idempotencyKey: newKey("log-sub"),
      params: { id: "sa_demo_1" },
      body: { email: SUB_EMAIL, document: SUB_DOCUMENT },
    });
    logs.restore();
    expect(reply.status, reply.text).toBe(500);
    expect(reply.json.error?.code).toBe("ledger_write_failed");
    const line = logs.stderr.find((l) => l.event === "subaccounts.ledger_write_failed");
    expect(line).toMatchObject({
      requestId: reply.json.request_id,
      subaccountId: "sa_demo_1",
      error: { name: "LedgerQueryError", code: "P0001" },
    });
    expectCleanLogs(logs);
  });
});

describe("a failing ledger write under the reconciler", () => {
  it("the re-send's write fails: the step's line holds neither the seal nor the Pix key", async () => {
    const key = newKey("log-reconcile");
    await harness.sandbox.addFault({ kind: "error503", method: "POST", path: "/v1/payouts" });
    const lost = await call(payouts.POST, "/api/payouts", {
      method: "POST",
      cookie,
      idempotencyKey: key,
      body: { amount_centavos: 4321, pix_key_type: "email", pix_key: PIX_KEY },
    });
    expect(lost.status).toBe(504);
    await harness.sandbox.clearFaults();

    await refuse("payouts", "UPDATE");
    logs = captureLogs();
    await reconcilePayouts(await getLedger(), { olderThanMs: 0 });
    logs.restore();
    const failed = logs.stderr.filter(
      (l) =>
        l.event === "reconciler.payout_step_failed" ||
        l.event === "reconciler.pass_failed" ||
        l.event === "payouts.lease_lost",
    );
    expect(failed.length).toBeGreaterThan(0);
    expectCleanLogs(logs);
  });
});
