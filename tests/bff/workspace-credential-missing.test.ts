/**
 * A workspace whose API key is not stored (its owner has not entered it, or it was removed): the session says so,
 * nothing is sent upstream, and a batch is not set going (confirming it would only have the worker pause it at
 * once): 409 workspace_credential_missing, and the batch stays as it was. Once the key is stored, all of it works.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as confirm from "@/app/api/payout-batches/[id]/confirm/route";
import * as pause from "@/app/api/payout-batches/[id]/pause/route";
import * as resume from "@/app/api/payout-batches/[id]/resume/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { getLedger, type Ledger } from "@/lib/server/ledger";
import { payouts as payoutsTable } from "@/lib/server/ledger/schema";
import { storeWorkspaceCredential } from "@/lib/server/services/workspace/credentials";
import { forgetWorkspaceAccess } from "@/lib/server/session/resolve";
import { batchRows, confirmBatch, createBatch, readBatch } from "../helpers/batches";
import {
  ACME,
  call,
  countUpstream,
  DEMO_NAMES,
  newKey,
  operatorBody,
  ownerBody,
  signIn,
  startBffHarness,
  type BffHarness,
} from "../helpers/bff";

let harness: BffHarness;
let ledger: Ledger;
let operator = "";
beforeAll(async () => {
  harness = await startBffHarness();
  ledger = await getLedger();
  operator = await signIn(session.POST, operatorBody);
}, 60_000);
afterAll(async () => {
  await harness.close();
});

async function removeStoredKeys(): Promise<void> {
  await ledger.db.execute(sql`DELETE FROM workspace_credentials WHERE business_id = ${ACME.businessId}`);
  forgetWorkspaceAccess(ACME.businessId);
}

async function storeApiKey(): Promise<void> {
  const actor = {
    name: DEMO_NAMES.owner,
    role: "owner" as const,
    memberId: "00000000-0000-4000-8000-00000000000a",
    email: ownerBody.email,
  };
  await storeWorkspaceCredential(
    { ledger, businessId: ACME.businessId, actor },
    { kind: "api_key", apiKey: ACME.apiKey },
  );
  forgetWorkspaceAccess(ACME.businessId);
}

const batchAction = (action: typeof pause | typeof resume, name: string, id: string) =>
  call(action.POST, `/api/payout-batches/${id}/${name}`, { method: "POST", cookie: operator, params: { id } });

describe("a workspace without its API key", () => {
  it("says so in the session, refuses a payout and a batch confirmation before anything moves, and works once the key is stored", async () => {
    const batch = await createBatch(operator, batchRows(2, { prefix: "nokey" }));
    // Another batch, confirmed while the key was there and paused by a person before the worker took a row.
    const paused = await confirmBatch(operator, await createBatch(operator, batchRows(2, { prefix: "nokey-paused" })));
    expect((await batchAction(pause, "pause", paused.id)).json.data).toMatchObject({ status: "paused" });
    await removeStoredKeys();

    const who = await call(session.GET, "/api/session", { cookie: operator });
    expect(who.json.data).toMatchObject({ credentialMissing: true });

    const key = newKey("nokey");
    const { result: refused, requests } = await countUpstream(harness.sandbox, () =>
      call(payouts.POST, "/api/payouts", {
        method: "POST",
        cookie: operator,
        idempotencyKey: key,
        body: { amount_centavos: 1_234, pix_key_type: "email", pix_key: "nokey@example.com" },
      }),
    );
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.error).toMatchObject({ code: "workspace_credential_missing" });
    expect(requests).toBe(0);
    // Recorded as not sent (nothing left the dashboard), not as an unknown outcome a reconciler would send later.
    const [row] = await ledger.db.select().from(payoutsTable).where(eq(payoutsTable.idempotencyKey, key));
    expect([row?.state, row?.lastErrorCode]).toEqual(["rejected", "workspace_credential_missing"]);

    const notConfirmed = await call(confirm.POST, `/api/payout-batches/${batch.id}/confirm`, {
      method: "POST",
      cookie: operator,
      params: { id: batch.id },
      body: { typed_total_centavos: batch.total_centavos },
    });
    expect(notConfirmed.status, notConfirmed.text).toBe(409);
    expect(notConfirmed.json.error).toMatchObject({ code: "workspace_credential_missing" });
    expect((await readBatch(operator, batch.id)).status).toBe("awaiting_confirmation");
    const notResumed = await batchAction(resume, "resume", paused.id);
    expect(notResumed.status, notResumed.text).toBe(409);
    expect(notResumed.json.error).toMatchObject({ code: "workspace_credential_missing" });
    expect((await readBatch(operator, paused.id)).status).toBe("paused");

    await storeApiKey();
    expect((await call(session.GET, "/api/session", { cookie: operator })).json.data).toMatchObject({
      credentialMissing: false,
    });
    expect((await confirmBatch(operator, batch)).status).toBe("sending");
    expect((await batchAction(resume, "resume", paused.id)).json.data).toMatchObject({ status: "sending" });
    // The payout refused for want of a key was never sent: the same click's key sends it now, once.
    const sent = await call(payouts.POST, "/api/payouts", {
      method: "POST",
      cookie: operator,
      idempotencyKey: key,
      body: { amount_centavos: 1_234, pix_key_type: "email", pix_key: "nokey@example.com" },
    });
    expect([sent.status, (sent.json.data as { state?: string } | null)?.state], sent.text).toEqual([200, "submitted"]);
    expect((await harness.sandbox.payouts()).filter((p) => p.idempotency_key === key)).toHaveLength(1);
  });
});
