/**
 * POST /api/payouts/preview: what the single payout's review shows before anything is sent, from the register only
 * — the fee and net estimated with the batch review's rule, and the newest payout of this workspace the API reported
 * paid to exactly this key, with the holder name the API gave. Real sandbox, real PGlite; its own harness, so the
 * register starts empty.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as payout from "@/app/api/payouts/[id]/route";
import * as payouts from "@/app/api/payouts/route";
import * as preview from "@/app/api/payouts/preview/route";
import * as session from "@/app/api/session/route";
import { getLedger } from "@/lib/server/ledger";
import { payouts as payoutsTable } from "@/lib/server/ledger/schema";
import { pixKeyFingerprint, pixKeyFingerprints } from "@/lib/server/services/payouts/key-fingerprint";
import { resetSessionConfigForTests } from "@/lib/server/session/config";
import type { PayoutPreview } from "@/lib/shared/schemas/payout-preview";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { ACME, BETA, betaOperatorBody, call, countUpstream, newKey, signIn, TEST_SECRET } from "../helpers/bff";
import { setUpBffHarness } from "../helpers/bff-suite";
import { captureLogs } from "../helpers/logs";

const bff = setUpBffHarness({ env: { RECONCILER: "off" } });

interface PayoutBody {
  amount_centavos: number;
  pix_key_type: string;
  pix_key: string;
}

const toKey = (pix_key: string, amount_centavos = 10_000): PayoutBody => ({
  amount_centavos,
  pix_key_type: "email",
  pix_key,
});

async function previewOf(body: PayoutBody, cookie = bff.cookie): Promise<PayoutPreview> {
  const result = await call(preview.POST, "/api/payouts/preview", { method: "POST", cookie, body });
  expect(result.status, result.text).toBe(200);
  return result.json.data as PayoutPreview;
}

/** Sends a payout, lets the sandbox settle it and reads it once (as the receipt does), so the register has its outcome. */
async function sendAndRead(
  body: PayoutBody,
  cookie = bff.cookie,
): Promise<{ id: string; paidAt: string; status: string; createdAt: string }> {
  const created = await call(payouts.POST, "/api/payouts", {
    method: "POST",
    cookie,
    idempotencyKey: newKey("preview"),
    body,
  });
  expect(created.status, created.text).toBe(201);
  const id = (created.json.data as RegisterPayout).id ?? "";
  await bff.harness.clock.skip(300); // the sandbox settles payouts after 300 ms
  const read = await call(payout.GET, `/api/payouts/${id}`, { cookie, params: { id } });
  expect(read.status, read.text).toBe(200);
  const data = read.json.data as { status: string; paid_at: string | null; created_at?: string };
  return { id, paidAt: data.paid_at ?? "", status: data.status, createdAt: data.created_at ?? "" };
}

let beta = "";
beforeAll(async () => {
  beta = await signIn(session.POST, betaOperatorBody);
});

// First in the file: the register has no payout yet.
describe("before any payout", () => {
  it("no fee seen yet: no estimate, no net, and no earlier payout to the key", async () => {
    expect(await previewOf(toKey("primeiro@example.com", 12_345))).toEqual({
      amount_centavos: 12_345,
      fee_estimate: null,
      estimated_net_centavos: null,
      last_paid_to: null,
    });
  });
});

describe("with paid payouts in the register", () => {
  let first = { id: "", paidAt: "", status: "", createdAt: "" };
  let second = { id: "", paidAt: "", status: "", createdAt: "" };
  beforeAll(async () => {
    // The sandbox's fee: 1 % with a R$ 0,50 minimum → 100 on R$ 100,00 and 300 on R$ 300,00.
    first = await sendAndRead(toKey("maria.preview@example.com", 10_000));
    await bff.harness.clock.skip(60_000);
    second = await sendAndRead(toKey("maria.preview@example.com", 30_000));
  });

  it("estimates the fee with the batch rule (proportional here) and the net as the amount minus it; sends and writes nothing", async () => {
    expect(first.status).toBe("paid");
    const before = await call(payouts.GET, "/api/payouts?limit=500", { cookie: bff.cookie });
    const { result, requests } = await countUpstream(bff.harness.sandbox, () =>
      previewOf(toKey("outra@example.com", 50_000)),
    );
    expect(requests).toBe(0);
    expect(result.fee_estimate).toMatchObject({ basis: "proportional", sample_size: 2, total_centavos: 500 });
    expect(result.estimated_net_centavos).toBe(49_500);
    // Under the smallest fee seen, the estimate stays at it.
    const small = await previewOf(toKey("outra@example.com", 1_000));
    expect(small.fee_estimate?.total_centavos).toBe(100);
    expect(small.estimated_net_centavos).toBe(900);
    const after = await call(payouts.GET, "/api/payouts?limit=500", { cookie: bff.cookie });
    expect((after.json.data as { items: unknown[] }).items).toHaveLength(
      (before.json.data as { items: unknown[] }).items.length,
    );
  });

  it("last paid to: the newest paid payout to exactly this key, with the API's holder name and paid time", async () => {
    const data = await previewOf(toKey("maria.preview@example.com", 777));
    expect(data.last_paid_to).toEqual({ holder_name: expect.any(String), paid_at: second.paidAt });
    expect(data.last_paid_to?.holder_name).not.toBe("");
    expect(second.paidAt).not.toBe(first.paidAt);
  });

  it("a paid time the API did not state is null, and no other time (the creation) is given in its place", async () => {
    const paid = await sendAndRead(toKey("sem.data@example.com", 4_000));
    expect(paid.status).toBe("paid");
    // The contract lists no paid_at: an API that does not send it leaves the register's paid time unknown.
    const ledger = await getLedger();
    await ledger.db.update(payoutsTable).set({ paidAt: null }).where(eq(payoutsTable.payoutId, paid.id));
    const result = await call(preview.POST, "/api/payouts/preview", {
      method: "POST",
      cookie: bff.cookie,
      body: toKey("sem.data@example.com"),
    });
    expect(result.status, result.text).toBe(200);
    expect((result.json.data as PayoutPreview).last_paid_to).toEqual({
      holder_name: expect.any(String),
      paid_at: null,
    });
    const [row] = await ledger.db.select().from(payoutsTable).where(eq(payoutsTable.payoutId, paid.id));
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(result.text).not.toContain(row?.createdAt.toISOString());
    expect(result.text).not.toContain(paid.createdAt);
  });

  it("a newer payout to the same key that failed is not 'last paid to': the older paid one is", async () => {
    const paid = await sendAndRead(toKey("depois.falhou@example.com", 6_000));
    await bff.harness.clock.skip(60_000);
    const later = await sendAndRead(toKey("depois.falhou@example.com", 7_000));
    // The sandbox fails only keys DICT does not know: this one is marked failed as the API would report it.
    const ledger = await getLedger();
    await ledger.db
      .update(payoutsTable)
      .set({ status: "failed", failureReason: "Conta encerrada", paidAt: null })
      .where(eq(payoutsTable.payoutId, later.id));
    expect((await previewOf(toKey("depois.falhou@example.com"))).last_paid_to).toEqual({
      holder_name: expect.any(String),
      paid_at: paid.paidAt,
    });
    expect(paid.paidAt).not.toBe(later.paidAt);
  });

  it("an unknown key → null", async () => {
    expect((await previewOf(toKey("nunca.pago@example.com"))).last_paid_to).toBeNull();
  });

  it("ignores failed payouts to the key", async () => {
    // The sandbox's DICT does not know this key: the payout ends failed.
    const failed = await sendAndRead(toKey("naoexiste@example.com", 5_000));
    expect(failed.status).toBe("failed");
    expect((await previewOf(toKey("naoexiste@example.com"))).last_paid_to).toBeNull();
  });

  it("another workspace's payouts to the same key are not this workspace's", async () => {
    const paidByBeta = await sendAndRead(toKey("so.da.beta@example.com", 2_000), beta);
    expect(paidByBeta.status).toBe("paid");
    expect((await previewOf(toKey("so.da.beta@example.com"))).last_paid_to).toBeNull();
    expect((await previewOf(toKey("so.da.beta@example.com"), beta)).last_paid_to).toMatchObject({
      paid_at: paidByBeta.paidAt,
    });
    // Nor is this workspace's history the other's.
    expect((await previewOf(toKey("maria.preview@example.com"), beta)).last_paid_to).toBeNull();
  });

  it("the Pix key is in no log line", async () => {
    const logs = captureLogs();
    try {
      await previewOf(toKey("maria.preview@example.com"));
      await call(preview.POST, "/api/payouts/preview", {
        method: "POST",
        cookie: bff.cookie,
        body: { amount_centavos: -1, pix_key_type: "email", pix_key: "maria.preview@example.com" },
      });
    } finally {
      logs.restore();
    }
    expect(logs.text()).not.toContain("maria.preview");
  });
});

describe("the key's fingerprint", () => {
  afterAll(() => {
    process.env.SESSION_SECRET = TEST_SECRET;
    resetSessionConfigForTests();
  });

  it("is keyed, per business and key type, and holds no part of the key", () => {
    const print = pixKeyFingerprint(ACME.businessId, "email", "maria.preview@example.com");
    expect(print).not.toContain("maria");
    expect(pixKeyFingerprint(ACME.businessId, "email", "maria.preview@example.com")).toBe(print);
    expect(pixKeyFingerprint(BETA.businessId, "email", "maria.preview@example.com")).not.toBe(print);
    expect(pixKeyFingerprint(ACME.businessId, "evp", "maria.preview@example.com")).not.toBe(print);
    expect(pixKeyFingerprints(ACME.businessId, "email", "maria.preview@example.com")).toEqual([print]);
  });

  it("after a SESSION_SECRET rotation, payouts recorded under the old secret are still found while it is listed", async () => {
    const before = pixKeyFingerprint(ACME.businessId, "email", "maria.preview@example.com");
    process.env.SESSION_SECRET = `rotated-session-secret-0123456789-abcdefghij,${TEST_SECRET}`;
    resetSessionConfigForTests();
    const after = pixKeyFingerprint(ACME.businessId, "email", "maria.preview@example.com");
    expect(after).not.toBe(before);
    expect(pixKeyFingerprints(ACME.businessId, "email", "maria.preview@example.com")).toEqual([after, before]);
    expect((await previewOf(toKey("maria.preview@example.com"))).last_paid_to).not.toBeNull();
  });
});
