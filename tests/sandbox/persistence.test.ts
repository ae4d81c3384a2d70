import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../helpers/clock";
import { ACME, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { call, uniqueSlug, validPayout } from "./client";

let dir: string;
let clock: ManualClock;
const open: TestSandbox[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sandbox-state-"));
  clock = new ManualClock();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(opts: { reset?: boolean } = {}): Promise<TestSandbox> {
  const sb = await startTestSandbox({ dataDir: dir, clock, ...opts });
  open.push(sb);
  return sb;
}

async function stop(sb: TestSandbox): Promise<void> {
  open.splice(open.indexOf(sb), 1);
  await sb.close();
}

async function linkSlugs(sb: TestSandbox): Promise<string[]> {
  const res = await call<{ links: Array<{ slug: string }> }>(sb.url, "GET", "/v1/payment-links", { key: ACME.apiKey });
  return res.body.data.links.map((l) => l.slug);
}

describe("persistence", () => {
  it("writes state.json on start and keeps changes across a restart", async () => {
    const first = await start();
    expect(existsSync(join(dir, "state.json"))).toBe(true);
    const body = validPayout();
    const payout = await call<{ id: string }>(first.url, "POST", "/v1/payouts", { key: ACME.apiKey, body });
    const slug = uniqueSlug();
    await call(first.url, "POST", "/v1/payment-links", {
      key: ACME.apiKey,
      body: { name: "Persisted", slug, amount_centavos: 100 },
    });
    await call(first.url, "POST", "/v1/subaccounts/sa_demo_1/update", {
      key: ACME.apiKey,
      body: { name: "Persisted Name" },
    });
    await stop(first);

    const second = await start();
    const got = await call<{ id: string }>(second.url, "GET", `/v1/payouts/${payout.body.data.id}`, {
      key: ACME.apiKey,
    });
    expect(got.status).toBe(200);
    expect(await linkSlugs(second)).toContain(slug);
    const sub = await call<{ name: string }>(second.url, "POST", "/v1/subaccounts/sa_demo_1/blocked", {
      key: ACME.apiKey,
      body: { is_blocked: false },
    });
    expect(sub.body.data.name).toBe("Persisted Name");
    // Idempotency records survive too.
    const replay = await call<{ id: string }>(second.url, "POST", "/v1/payouts", { key: ACME.apiKey, body });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.data.id).toBe(payout.body.data.id);
  });

  it("saves shortly after a mutation without waiting for close, atomically", async () => {
    const sb = await start();
    const slug = uniqueSlug();
    await call(sb.url, "POST", "/v1/payment-links", {
      key: ACME.apiKey,
      body: { name: "Soon", slug, amount_centavos: 100 },
    });
    // The save is debounced by 20 ms on the sandbox's clock.
    const saved = () =>
      (JSON.parse(readFileSync(join(dir, "state.json"), "utf8")) as { links: Array<{ slug: string }> }).links.map(
        (l) => l.slug,
      );
    await clock.advance(19);
    expect(saved()).not.toContain(slug);
    await clock.advance(1);
    const state = JSON.parse(readFileSync(join(dir, "state.json"), "utf8")) as { links: Array<{ slug: string }> };
    expect(state.links.map((l) => l.slug)).toContain(slug);
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });

  it("persists a lazily settled status", async () => {
    const first = await start();
    const created = await call<{ id: string }>(first.url, "POST", "/v1/payouts", {
      key: ACME.apiKey,
      body: validPayout(),
    });
    await clock.advance(300);
    await call(first.url, "GET", `/v1/payouts/${created.body.data.id}`, { key: ACME.apiKey });
    await stop(first);
    const state = JSON.parse(readFileSync(join(dir, "state.json"), "utf8")) as {
      payouts: Array<{ id: string; status: string }>;
    };
    expect(state.payouts.find((p) => p.id === created.body.data.id)?.status).toBe("paid");
  });

  it("reset: true discards the stored state", async () => {
    const first = await start();
    const slug = uniqueSlug();
    await call(first.url, "POST", "/v1/payment-links", {
      key: ACME.apiKey,
      body: { name: "Gone", slug, amount_centavos: 100 },
    });
    await stop(first);
    const second = await start({ reset: true });
    expect(await linkSlugs(second)).not.toContain(slug);
    expect((await linkSlugs(second)).length).toBe(12);
  });

  it("POST /__sandbox/reset reseeds memory and disk", async () => {
    const sb = await start();
    const slug = uniqueSlug();
    await call(sb.url, "POST", "/v1/payment-links", {
      key: ACME.apiKey,
      body: { name: "Gone", slug, amount_centavos: 100 },
    });
    await call(sb.url, "POST", "/v1/subaccounts/sa_demo_2/blocked", { key: ACME.apiKey, body: { is_blocked: false } });
    await sb.reset();
    expect(await linkSlugs(sb)).not.toContain(slug);
    const sub = await call<{ is_blocked: boolean }>(sb.url, "POST", "/v1/subaccounts/sa_demo_2/update", {
      key: ACME.apiKey,
      body: { name: "Filial Norte Comércio Ltda" },
    });
    expect(sub.body.data.is_blocked).toBe(true);
    const state = JSON.parse(readFileSync(join(dir, "state.json"), "utf8")) as { links: Array<{ slug: string }> };
    expect(state.links.map((l) => l.slug)).not.toContain(slug);
  });

  it("reseeds when state.json is unreadable", async () => {
    writeFileSync(join(dir, "state.json"), "{ not json");
    const sb = await start();
    expect((await linkSlugs(sb)).length).toBe(12);
  });
});
