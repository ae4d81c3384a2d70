import { describe, expect, it } from "vitest";
import { isValidCnpj, isValidCpf, isValidDocument } from "@/lib/shared/validation/documents";
import { isValidPixKey } from "@/lib/shared/validation/pix";
import { parseArgs } from "@/sandbox/cli-args";
import { resolveConfig } from "@/sandbox/config";
import { FaultSet } from "@/sandbox/faults";
import { holderNameFor, isDictNotFound, maskPixKeyAsApi, payoutFee } from "@/sandbox/pix-rules";
import { END_TO_END_ID_RE, newEndToEndId, newRequestId } from "@/sandbox/random";
import { RateLimiter, parseRateLimit } from "@/sandbox/rate-limit";
import { buildSeed } from "@/sandbox/seed";
import { ACME, BETA } from "../helpers/sandbox";

describe("seed", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");

  it("is deterministic for a given time", () => {
    expect(buildSeed(now)).toEqual(buildSeed(now));
  });

  it("keeps ids when seeded at another time, and moves timestamps with it", () => {
    const a = buildSeed(now);
    const b = buildSeed(now + 86_400_000);
    expect(b.chargebacks.map((c) => c.id)).toEqual(a.chargebacks.map((c) => c.id));
    expect(Date.parse(b.chargebacks[0]?.respond_by ?? "") - Date.parse(a.chargebacks[0]?.respond_by ?? "")).toBe(
      86_400_000,
    );
  });

  it("has the documented fixtures per business", () => {
    const s = buildSeed(now);
    const of = (id: string) => ({
      payouts: s.payouts.filter((p) => p.business_id === id).map((p) => p.id),
      subaccounts: s.subaccounts.filter((x) => x.business_id === id).map((x) => x.id),
      links: s.links.filter((l) => l.business_id === id).length,
      chargebacks: s.chargebacks.filter((c) => c.business_id === id).length,
    });
    expect(of(ACME.businessId)).toEqual({
      payouts: ["po_demo_paid", "po_demo_failed", "po_demo_cnpj", "po_demo_cpf", "po_demo_phone"],
      subaccounts: ["sa_demo_1", "sa_demo_2"],
      links: 12,
      chargebacks: 32,
    });
    expect(of(BETA.businessId)).toEqual({
      payouts: ["po_beta_1"],
      subaccounts: ["sa_beta_1"],
      links: 3,
      chargebacks: 5,
    });
    expect(s.subaccounts.map((x) => x.is_blocked)).toEqual([false, true, false]);
  });

  it("uses valid documents, keys and end-to-end ids", () => {
    const s = buildSeed(now);
    for (const sub of s.subaccounts) expect(isValidDocument(sub.document), sub.document).toBe(true);
    expect(isValidCpf(s.subaccounts[0]?.document ?? "")).toBe(true);
    expect(isValidCnpj(s.subaccounts[1]?.document ?? "")).toBe(true);
    for (const p of s.payouts) {
      expect(isValidPixKey(p.pix_key_type, p.pix_key), p.pix_key).toBe(true);
      expect(p.end_to_end_id).toMatch(END_TO_END_ID_RE);
      expect(p.net_centavos).toBe(p.amount_centavos - p.fee_centavos);
    }
    const failed = s.payouts.filter((p) => p.status === "failed");
    expect(failed.map((p) => p.id)).toEqual(["po_demo_failed"]);
    expect(failed[0]?.failure_reason).toBeTruthy();
  });
});

describe("payout rules", () => {
  it("fee is 1% floored with a 50 centavos minimum", () => {
    expect([51, 5000, 5099, 5100, 123_456, 100_000_000].map(payoutFee)).toEqual([50, 50, 50, 51, 1234, 1_000_000]);
  });

  it("knows the DICT not-found keys", () => {
    expect(isDictNotFound("email", "naoexiste@example.com")).toBe(true);
    expect(isDictNotFound("evp", "00000000-0000-4000-8000-000000000000")).toBe(true);
    expect(isDictNotFound("email", "maria@example.com")).toBe(false);
  });

  it("masks keys", () => {
    expect(maskPixKeyAsApi("email", "joao@example.com")).toBe("j***@example.com");
    expect(maskPixKeyAsApi("cpf", "12345678909")).toBe("***.456.789-**");
    expect(maskPixKeyAsApi("cnpj", "11222333000181")).toBe("**.222.333/0001-**");
    expect(maskPixKeyAsApi("phone", "+5511987654321")).toBe("+55 11 *****-4321");
    expect(maskPixKeyAsApi("evp", "123e4567-e89b-42d3-a456-426614174000")).toBe("123e4567-****-****-****-********4000");
  });

  it("names holders deterministically, companies for CNPJ", () => {
    expect(holderNameFor("email", "a@b.co")).toBe(holderNameFor("email", "a@b.co"));
    expect(holderNameFor("cnpj", "11222333000181")).toMatch(/(Ltda|ME|S\.A\.|EIRELI)$/);
  });

  it("builds 32-char end-to-end ids with the UTC minute", () => {
    const id = newEndToEndId(new Date("2026-01-02T03:04:59Z"));
    expect(id).toHaveLength(32);
    expect(id.slice(9, 21)).toBe("202601020304");
    expect(id).toMatch(END_TO_END_ID_RE);
    expect(newRequestId()).toMatch(/^req_[a-z2-7]{20}$/);
  });
});

describe("FaultSet", () => {
  it("sums latency, takes the first outcome, and counts down", () => {
    const set = new FaultSet([
      { kind: "latency", ms: 10 },
      { kind: "latency", ms: 5, path: "/v1/payouts" },
      { kind: "error503", count: 1 },
      { kind: "error500" },
    ]);
    const first = set.decide("GET", "/v1/payouts/x");
    expect(first.delayMs).toBe(15);
    expect(first.outcome?.kind).toBe("error503");
    expect(set.list().map((r) => r.kind)).toEqual(["latency", "latency", "error500"]);
    expect(set.decide("GET", "/v1/chargebacks")).toEqual({ delayMs: 10, outcome: { kind: "error500" } });
  });

  it("uses the random source for rates", () => {
    const set = new FaultSet([{ kind: "error503", rate: 0.3 }]);
    expect(set.decide("GET", "/v1/x", () => 0.29).outcome?.kind).toBe("error503");
    expect(set.decide("GET", "/v1/x", () => 0.3).outcome).toBeNull();
  });
});

describe("RateLimiter", () => {
  it("allows the burst, then refills at perSecond", () => {
    const limiter = new RateLimiter({ perSecond: 10, burst: 2 });
    expect(limiter.take("a", 0)).toBeNull();
    expect(limiter.take("a", 0)).toBeNull();
    expect(limiter.take("a", 0)).toBe(1);
    expect(limiter.take("b", 0)).toBeNull();
    expect(limiter.take("a", 100)).toBeNull();
    expect(new RateLimiter(null).take("a")).toBeNull();
  });

  it("computes Retry-After from the refill rate", () => {
    const slow = new RateLimiter({ perSecond: 0.25, burst: 1 });
    slow.take("a", 0);
    expect(slow.take("a", 0)).toBe(4);
  });

  it("parses SANDBOX_RATE_LIMIT", () => {
    expect(parseRateLimit("off")).toBeNull();
    expect(parseRateLimit("50")).toEqual({ perSecond: 50, burst: 100 });
    expect(() => parseRateLimit("fast")).toThrow();
  });
});

describe("configuration", () => {
  it("defaults and env", () => {
    expect(resolveConfig({}, {})).toMatchObject({
      port: 4010,
      host: "127.0.0.1",
      dataDir: ".data/sandbox",
      settleMs: 4000,
      rateLimit: { perSecond: 100, burst: 200 },
      faults: [],
    });
    const env = {
      SANDBOX_PORT: "5000",
      SANDBOX_SETTLE_MS: "10",
      SANDBOX_RATE_LIMIT: "off",
      SANDBOX_FAULTS: '[{"kind":"latency","ms":5}]',
      SANDBOX_DATA_DIR: "/tmp/x",
    };
    expect(resolveConfig({}, env)).toMatchObject({
      port: 5000,
      settleMs: 10,
      rateLimit: null,
      faults: [{ kind: "latency", ms: 5 }],
      dataDir: "/tmp/x",
    });
    expect(
      resolveConfig({ port: 1, rateLimit: { perSecond: 1, burst: 1 }, dataDir: null, faults: [] }, env),
    ).toMatchObject({ port: 1, rateLimit: { perSecond: 1, burst: 1 }, dataDir: null, faults: [] });
    expect(() => resolveConfig({}, { SANDBOX_FAULTS: '[{"kind":"boom"}]' })).toThrow();
    expect(resolveConfig({}, {}).reset).toBe(false);
    expect(resolveConfig({}, { SANDBOX_RESET: "1" }).reset).toBe(true);
    expect(resolveConfig({ reset: false }, { SANDBOX_RESET: "1" }).reset).toBe(false);
  });

  it("parses CLI flags", () => {
    expect(
      parseArgs(
        [
          "--port",
          "4020",
          "--reset",
          "--settle-ms=100",
          "--rate-limit",
          "off",
          "--latency",
          "50",
          "--fail-rate",
          "0.1",
          "--quiet",
        ],
        {},
      ),
    ).toEqual({
      log: false,
      port: 4020,
      reset: true,
      settleMs: 100,
      rateLimit: null,
      faults: [
        { kind: "latency", ms: 50 },
        { kind: "error503", rate: 0.1, retry_after: 1 },
      ],
    });
    expect(() => parseArgs(["--fail-rate", "2"], {})).toThrow();
    expect(() => parseArgs(["--bogus"], {})).toThrow();
  });
});
