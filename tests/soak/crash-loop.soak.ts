/**
 * Crash loop: the app (`next start`, real-API mode, embedded PGlite ledger on disk)
 * is SIGKILLed at seeded-random moments while clients create 20 payouts (retrying
 * with their own idempotency key after a connection error, as the browser does),
 * and again while its reconciler re-sends; it is restarted each time. The sandbox
 * injects latency (kill after the API committed), hangs (kill before it did) and
 * committed-then-dropped replies. Afterwards every payout is `submitted` or
 * `needs_review`, none is missing from the register, none was made twice
 * upstream, no key was ever sent twice at once, and each has its audit entries.
 */
import path from "node:path";
import { expect, it } from "vitest";
import type { FaultRule } from "@/sandbox/types";
import {
  activity,
  AppInstance,
  overlappingKeys,
  postPayout,
  register,
  SandboxProcess,
  seconds,
  seededRandom,
  soakLine,
  soakSeed,
  workDir,
  type PayoutAnswer,
  type PayoutRequestEntry,
} from "./harness";
import { pause, pollUntil, signIn, waitFor } from "./processes";

const SANDBOX_PORT = 4401;
const APP_PORT = 3401;
const PAYOUTS = 20;
/** The last payouts are sent together and the app is killed while both are upstream, so the reconciler has work. */
const TAIL = 2;
const LANES = 4;
/** Kills while the clients work (at most; the phase ends when every client has its answer). */
const MAX_CLIENT_KILLS = 12;

const POST = { method: "POST", path: "/v1/payouts" } as const;
const CLIENT_FAULTS: FaultRule[] = [
  { kind: "latency", ...POST, ms: 1_500, rate: 0.5 },
  { kind: "hang", ...POST, ms: 1_500, rate: 0.25 },
  { kind: "commit_then_drop", ...POST, rate: 0.2 },
];
/**
 * How long the sandbox holds a send in the tail and the reconciler phase. The kill must land inside it, and on a
 * loaded machine the test can see a send seconds after it began (a restarted app re-sends while it boots), so the
 * window is wide; the app's attempt timeout (`ATTEMPT_TIMEOUT_MS`) is longer, so it is the kill that ends the send.
 */
const HOLD_MS = 8_000;
const ATTEMPT_TIMEOUT_MS = 10_000;
/** Holds a send upstream without making the payout (a kill in it lands before the API committed). */
const HANG: FaultRule[] = [{ kind: "hang", ...POST, ms: HOLD_MS }];
/** Makes the payout at once and holds the reply (a kill in it lands after the API committed). */
const SLOW: FaultRule[] = [{ kind: "latency", ...POST, ms: HOLD_MS }];
/**
 * Reconciler-phase kills: the tail's re-sends first hang (not yet made), then are
 * made and held; each kill leaves what it hit unresolved, so the next step has work.
 */
const RECONCILER_FAULTS: Array<{ label: "after" | "before"; rules: FaultRule[] }> = [
  { label: "before", rules: HANG }, // the tail's rules: in force from the tail's kill
  { label: "after", rules: SLOW },
  { label: "after", rules: SLOW },
];

const amountOf = (i: number) => 1_000 + i * 7;
/** How long the sandbox holds a send under these rules. */
const windowMs = (rules: FaultRule[]) => Math.min(...rules.map((r) => r.ms ?? 0));
/** Time kept before a send's window closes for reading the log and delivering the kill. */
const KILL_MARGIN_MS = 900;

it("crash loop: SIGKILL during payout creation and reconciler passes loses nothing and pays nothing twice", async () => {
  const seed = soakSeed("crash-loop");
  const random = seededRandom(seed);
  const began = Date.now();
  const work = workDir("crash-loop");
  const sandbox = new SandboxProcess(SANDBOX_PORT, work.dir);
  const app = new AppInstance("app", APP_PORT, sandbox, path.join(work.dir, "app"), {
    PAYMENTS_ATTEMPT_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
    PAYMENTS_DEADLINE_MS: String(ATTEMPT_TIMEOUT_MS + 2_000),
    PAYOUT_INFLIGHT_WAIT_MS: "2000",
    RECONCILE_INTERVAL_MS: "1000",
    RECONCILE_AFTER_MS: "1000",
  });
  const keys = Array.from({ length: PAYOUTS }, (_, i) => `soak-crash-${seed}-${i}`);
  const answers = new Map<string, PayoutAnswer>();
  const kills = { client: 0, reconciler: 0, beforeCommit: 0, afterCommit: 0, outsideSend: 0 };
  let clientRetries = 0;
  let passed = false;

  /**
   * Kills the app now, noting whether upstream sends were open and whether the API had committed them. The log is
   * read after the kill (a dead app sends nothing more): a send was open at the kill if it began before it and had
   * not ended (the kill closes its connection, so the sandbox notes its end after `killedAt`).
   */
  const killNow = async (phase: "client" | "reconciler"): Promise<PayoutRequestEntry[]> => {
    const killedAt = Date.now();
    await app.kill();
    const [log, made] = await Promise.all([sandbox.requests(), sandbox.payouts()]);
    // A send answered in the moment between `killedAt` and the kill ended by itself: only a dropped one was cut.
    const open = log.filter(
      (e) => e.received_at <= killedAt && (e.ended_at === null || (e.ended_at >= killedAt && e.outcome === "dropped")),
    );
    const committed = new Set(made.map((p) => p.idempotency_key));
    kills[phase] += 1;
    if (open.length === 0) kills.outsideSend += 1;
    for (const entry of open) {
      if (entry.idempotency_key && committed.has(entry.idempotency_key)) kills.afterCommit += 1;
      else kills.beforeCommit += 1;
    }
    return open;
  };

  /** One browser tab: posts a payout, and after a connection error posts it again with the same key once the app answers. */
  const client = async (cookie: string, i: number): Promise<void> => {
    const key = keys[i] ?? "";
    for (let attempt = 1; ; attempt++) {
      try {
        answers.set(key, await postPayout(app.base, cookie, key, amountOf(i)));
        return;
      } catch (error) {
        if (attempt >= 25) throw new Error(`payout ${key}: no answer after ${attempt} tries: ${String(error)}`);
        clientRetries += 1;
        await waitFor(`${app.base}/login`, 120_000);
      }
    }
  };

  try {
    await sandbox.start();
    await app.start();
    const cookie = await signIn(app.base);
    await sandbox.setFaults(CLIENT_FAULTS);

    // Phase 1: clients create payouts while the app is killed at random moments.
    let next = 0;
    let clientsDone = false;
    const lanes = Array.from({ length: LANES }, async () => {
      while (next < PAYOUTS - TAIL) await client(cookie, next++);
    });
    const clients = Promise.all(lanes).finally(() => {
      clientsDone = true;
    });
    const killer = async () => {
      while (!clientsDone && kills.client < MAX_CLIENT_KILLS) {
        await pause(300 + random() * 2_700); // the experiment: when to kill
        if (clientsDone) break;
        await killNow("client");
        await app.start();
      }
    };
    await Promise.all([clients, killer()]);

    // The tail: two payouts killed while both hang upstream; their clients retry after the restart.
    await sandbox.setFaults(HANG);
    const tail = Array.from({ length: TAIL }, (_, t) => PAYOUTS - TAIL + t);
    const tailClients = Promise.all(tail.map((i) => client(cookie, i)));
    await pollUntil(
      "the tail payouts to be upstream",
      () => sandbox.requests(),
      (log) => tail.every((i) => log.some((e) => e.idempotency_key === keys[i] && e.ended_at === null)),
      {
        timeoutMs: 20_000,
        everyMs: 50,
      },
    );
    await pause(random() * 1_000);
    await killNow("client");
    // The first reconciler step's rules are the tail's (HANG), in force before the restart.
    let rulesSetAt = Date.now();
    await app.start();
    await tailClients;

    // Phase 2: kill the app while its reconciler re-sends (at once on restart: the dead process's leases are released).
    // Each step's rules are set while the app is down, before the restart: the restarted reconciler re-sends at once,
    // possibly before the app answers HTTP, and a send it began under the previous step's rules must not be missed.
    for (const [n, step] of RECONCILER_FAULTS.entries()) {
      const counter = step.label === "after" ? "afterCommit" : "beforeCommit";
      const before = kills[counter];
      // A re-send in flight under this step's rules; for "before", of a payout the API has not made yet.
      // Only requests received after the rules were set count: a send of the killed process can still be
      // open upstream (the sandbox holds it to the fault's end) and end before this kill.
      const inFlight = async () => {
        const [log, made] = await Promise.all([sandbox.requests(), sandbox.payouts()]);
        const committed = new Set(made.map((p) => p.idempotency_key));
        return log.filter(
          (e) =>
            e.ended_at === null &&
            e.received_at >= rulesSetAt &&
            (step.label === "after" || !committed.has(e.idempotency_key ?? "")),
        );
      };
      const seen = await pollUntil(
        `a reconciler re-send in flight (${step.label} commit)`,
        inFlight,
        (open) => open.length > 0,
        { timeoutMs: 60_000, everyMs: 50 },
      );
      // The kill moment is random, but inside the send's window: the sandbox holds it `ms` from its receipt,
      // and on a loaded machine the poll itself can find it late, so a fixed pause could miss the window.
      const closesAt = Math.min(...seen.map((e) => e.received_at)) + windowMs(step.rules);
      await pause(random() * Math.max(0, Math.min(900, closesAt - KILL_MARGIN_MS - Date.now())));
      const open = await killNow("reconciler");
      expect(open.length, "the reconciler kill landed during a send").toBeGreaterThan(0);
      expect(kills[counter], `a kill ${step.label} the API committed`).toBeGreaterThan(before);
      const nextStep = RECONCILER_FAULTS[n + 1];
      if (nextStep) {
        await sandbox.setFaults(nextStep.rules);
        rulesSetAt = Date.now();
      }
      await app.start();
    }

    // Settle: no faults; the reconciler finishes everything.
    await sandbox.setFaults([]);
    const rows = await pollUntil(
      "every payout to be submitted or needs_review",
      () => register(app.base, cookie),
      (items) =>
        keys.every((key) =>
          ["submitted", "needs_review"].includes(items.find((r) => r.idempotency_key === key)?.state ?? ""),
        ),
      { timeoutMs: 90_000, everyMs: 500 },
    );

    // None missing, none extra, amounts as asked.
    expect(rows.map((r) => r.idempotency_key).sort()).toEqual([...keys].sort());
    for (const [i, key] of keys.entries())
      expect(rows.find((r) => r.idempotency_key === key)?.amount_centavos).toBe(amountOf(i));

    // Upstream: at most one payout per key; exactly the register's for each submitted row.
    const upstream = (await sandbox.payouts()).filter((p) => p.idempotency_key.startsWith(`soak-crash-${seed}-`));
    for (const row of rows) {
      const made = upstream.filter((p) => p.idempotency_key === row.idempotency_key);
      expect(made.length, `upstream payouts for ${row.idempotency_key}`).toBeLessThanOrEqual(1);
      if (row.state === "submitted") {
        expect(made.map((p) => [p.id, p.amount_centavos])).toEqual([[row.id, row.amount_centavos]]);
      }
    }
    expect(new Set(upstream.map((p) => p.idempotency_key)).size).toBe(upstream.length);

    // What the clients were told agrees with the register.
    for (const [key, answer] of answers) {
      expect([200, 201, 409, 504], `answer for ${key}: ${answer.status} ${answer.code}`).toContain(answer.status);
      if (answer.payout) expect(answer.payout.id).toBe(rows.find((r) => r.idempotency_key === key)?.id);
    }

    // Never two sends of one key at once.
    const log = await sandbox.requests();
    expect(overlappingKeys(log)).toEqual([]);

    // An audit entry for each; a success entry naming the payout for each submitted one (the log is finance's to read).
    const audit = await activity(app.base, await signIn(app.base, "finance"));
    for (const row of rows) {
      const entries = audit.filter((e) => e.idempotency_key === row.idempotency_key);
      expect(entries.length, `audit entries for ${row.idempotency_key}`).toBeGreaterThan(0);
      if (row.state === "submitted")
        expect(entries.some((e) => e.outcome === "success" && e.target_id === row.id)).toBe(true);
    }

    expect(kills.client).toBeGreaterThan(1);
    const submitted = rows.filter((r) => r.state === "submitted").length;
    soakLine("crash-loop", {
      seed,
      payouts: PAYOUTS,
      kills: app.kills,
      client_phase_kills: kills.client,
      reconciler_kills: kills.reconciler,
      open_sends_killed_before_commit: kills.beforeCommit,
      open_sends_killed_after_commit: kills.afterCommit,
      kills_outside_a_send: kills.outsideSend,
      restarts: app.starts - 1,
      client_retries: clientRetries,
      upstream_requests: log.length,
      upstream_payouts: upstream.length,
      submitted,
      needs_review: rows.length - submitted,
      duplicates: 0,
      time: seconds(began),
    });
    passed = true;
  } finally {
    await app.stop();
    await sandbox.stop();
    work.cleanUp(passed);
  }
}, 300_000);
