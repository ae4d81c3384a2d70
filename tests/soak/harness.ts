/**
 * The soak tests' view of the system: a sandbox process and app instances that
 * can be killed and restarted, a BFF client (payouts, register, activity), the
 * sandbox's own records, and the `[soak]` figures line.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import type { FaultRule, InspectedPayout, PayoutRequestEntry, SandboxStats } from "@/sandbox/types";
import {
  assertPortFree,
  killHard,
  sandboxAdmin,
  startNextProcess,
  startSandboxProcess,
  waitFor,
  writeHeaders,
  type Started,
} from "./processes";

export type { ActivityEntry, InspectedPayout, PayoutRequestEntry, RegisterPayout };

/** A temp folder for one test's processes; kept (and named) when the test fails. */
export function workDir(name: string): { dir: string; cleanUp(passed: boolean): void } {
  const dir = mkdtempSync(path.join(tmpdir(), `pixops-soak-${name}-`));
  return {
    dir,
    cleanUp(passed) {
      if (passed) rmSync(dir, { recursive: true, force: true });
      else console.error(`[soak] ${name}: logs and data kept in ${dir}`);
    },
  };
}

export class SandboxProcess {
  readonly url: string;
  private proc: Started | null = null;

  constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly settleMs?: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    await assertPortFree(this.port);
    this.proc = startSandboxProcess({
      port: this.port,
      dataDir: path.join(this.dir, "sandbox"),
      logFile: path.join(this.dir, "sandbox.log"),
      settleMs: this.settleMs,
    });
    await waitFor(`${this.url}/__sandbox/health`);
  }

  stop(): Promise<void> {
    return killHard(this.proc);
  }

  setFaults(rules: FaultRule[]): Promise<unknown> {
    return sandboxAdmin(this.url, "PUT", "/__sandbox/faults", rules);
  }

  /** Zeroes the stats and the payout request log. */
  clearLog(): Promise<unknown> {
    return sandboxAdmin(this.url, "DELETE", "/__sandbox/stats");
  }

  stats(): Promise<SandboxStats> {
    return sandboxAdmin<SandboxStats>(this.url, "GET", "/__sandbox/stats");
  }

  payouts(): Promise<InspectedPayout[]> {
    return sandboxAdmin<InspectedPayout[]>(this.url, "GET", "/__sandbox/payouts");
  }

  requests(): Promise<PayoutRequestEntry[]> {
    return sandboxAdmin<PayoutRequestEntry[]>(this.url, "GET", "/__sandbox/payout-requests");
  }
}

/** One `next start` instance: same port, data and environment across restarts. */
export class AppInstance {
  readonly base: string;
  private proc: Started | null = null;
  kills = 0;
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly sandbox: SandboxProcess,
    private readonly dir: string,
    private readonly env: Record<string, string>,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  /** Starts it and waits until it serves pages (the ledger is open by then). */
  async start(): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    await assertPortFree(this.port);
    const ledger: Record<string, string> = this.env.DATABASE_URL ? {} : { LEDGER_DIR: path.join(this.dir, "ledger") };
    this.proc = startNextProcess({
      port: this.port,
      sandboxUrl: this.sandbox.url,
      env: { DATA_DIR: this.dir, ...ledger, ...this.env },
      logFile: path.join(this.dir, "app.log"),
    });
    this.starts += 1;
    await waitFor(`${this.base}/login`, 120_000);
  }

  async kill(): Promise<void> {
    this.kills += 1;
    await killHard(this.proc);
    this.proc = null;
  }

  async stop(): Promise<void> {
    await killHard(this.proc);
    this.proc = null;
  }

  get running(): boolean {
    return this.proc !== null;
  }
}

export interface PayoutAnswer {
  status: number;
  /** The register row for 2xx answers. */
  payout: RegisterPayout | null;
  code: string | null;
}

export const payoutBody = (amount: number) => ({
  amount_centavos: amount,
  pix_key_type: "email",
  pix_key: "soak@example.com",
});

/** POST /api/payouts; throws on a connection error (the caller decides to retry). */
export async function postPayout(
  base: string,
  cookie: string,
  key: string,
  amount: number,
  timeoutMs = 60_000,
): Promise<PayoutAnswer> {
  const res = await fetch(`${base}/api/payouts`, {
    method: "POST",
    headers: { ...writeHeaders(base), cookie, "idempotency-key": key },
    body: JSON.stringify(payoutBody(amount)),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const json = (await res.json()) as { data: RegisterPayout | null; error: { code: string } | null };
  return { status: res.status, payout: res.ok ? json.data : null, code: json.error?.code ?? null };
}

async function getAll<T>(base: string, cookie: string, pathname: string, limit: number): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `${base}${pathname}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`GET ${pathname} → ${res.status}`);
    const json = (await res.json()) as { data: { items: T[]; next_cursor: string | null } };
    items.push(...json.data.items);
    cursor = json.data.next_cursor;
  } while (cursor);
  return items;
}

/** The whole payout register (GET /api/payouts, every page). */
export const register = (base: string, cookie: string) => getAll<RegisterPayout>(base, cookie, "/api/payouts", 500);

/** The whole audit log (GET /api/activity, every page). */
export const activity = (base: string, cookie: string) => getAll<ActivityEntry>(base, cookie, "/api/activity", 1000);

/** Seeded PRNG (mulberry32): the same seed replays the same kill moments and faults. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** SOAK_SEED, or a fresh one; printed so a failing run can be replayed. */
export function soakSeed(test: string): number {
  const seed = process.env.SOAK_SEED ? Number(process.env.SOAK_SEED) : Math.floor(Math.random() * 2 ** 31);
  console.log(`[soak] ${test}: seed ${seed} (replay with SOAK_SEED=${seed})`);
  return seed;
}

/** Prints one `[soak]` figures line and adds it to the run's summary. */
export function soakLine(test: string, figures: Record<string, string | number>): void {
  const line = `[soak] ${test}: ${Object.entries(figures)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ")}`;
  console.log(line);
  appendFileSync(inject("soakReportFile"), `${line}\n`);
}

/** The payout requests of each key, in the order received. */
export function requestsByKey(log: readonly PayoutRequestEntry[]): Map<string, PayoutRequestEntry[]> {
  const byKey = new Map<string, PayoutRequestEntry[]>();
  for (const entry of log) {
    const key = entry.idempotency_key ?? "(none)";
    byKey.set(key, [...(byKey.get(key) ?? []), entry]);
  }
  return byKey;
}

/** Keys with two requests in flight upstream at the same time (the lease must prevent it). */
export function overlappingKeys(log: readonly PayoutRequestEntry[]): string[] {
  const out: string[] = [];
  for (const [key, entries] of requestsByKey(log)) {
    const sorted = [...entries].sort((a, b) => a.received_at - b.received_at);
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1];
      const cur = sorted[i];
      if (prev && cur && (prev.ended_at === null || prev.ended_at > cur.received_at)) {
        out.push(key);
        break;
      }
    }
  }
  return out;
}

export const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)}s`;
