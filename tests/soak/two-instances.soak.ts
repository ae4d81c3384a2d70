/**
 * Two app instances (`next start` on two ports) sharing one PostgreSQL ledger and
 * one sandbox, both reconcilers running every 300 ms:
 * (a) the same idempotency key POSTed to both at once, while the upstream is slow,
 *     is sent upstream once and both replies agree;
 * (b) one instance SIGKILLed mid-send and restarted: each key is re-sent exactly
 *     once (by one of the two reconcilers), never while another send of it is in
 *     flight, and paid once;
 * (c) a payout made on one instance is in the other's register.
 * And a change of a person's access made elsewhere (the owner, signed in on B,
 * deactivates the operator; later changes the operator's role) ends the
 * operator's session on A: a request made more than ACCESS_TRUST_MS after the
 * change is refused with 401 access_changed.
 */
import path from "node:path";
import { expect, it } from "vitest";
import { ACME } from "@/sandbox/businesses";
import type { FaultRule } from "@/sandbox/types";
import { createLedger, type Ledger } from "@/lib/server/ledger/db";
import { findMemberByEmail } from "@/lib/server/ledger/members";
import { changeMemberRole, setMembershipStatus, type MembershipRef } from "@/lib/server/ledger/memberships";
import { ACCESS_TRUST_MS } from "@/lib/server/session/access-cache";
import { freshDatabase } from "./database";
import {
  AppInstance,
  overlappingKeys,
  postPayout,
  register,
  requestsByKey,
  SandboxProcess,
  seconds,
  soakLine,
  workDir,
  type PayoutAnswer,
  type RegisterPayout,
} from "./harness";
import { pause, personBody, pollUntil, signIn, writeHeaders } from "./processes";

const SANDBOX_PORT = 4410;
const PORT_A = 3410;
const PORT_B = 3411;
const ACCESS_SANDBOX_PORT = 4412;
const ACCESS_PORT_A = 3412;
const ACCESS_PORT_B = 3413;
const RACE_KEYS = 5;
const KILLED_KEYS = 4;

const slow = (ms: number): FaultRule[] => [{ kind: "latency", method: "POST", path: "/v1/payouts", ms }];
const rowOf = (rows: readonly RegisterPayout[], key: string) => rows.find((r) => r.idempotency_key === key);

it("two instances on one PostgreSQL: one send per key, agreeing replies, one register", async () => {
  const began = Date.now();
  const run = Date.now().toString(36);
  const work = workDir("two-instances");
  const db = await freshDatabase("two");
  const sandbox = new SandboxProcess(SANDBOX_PORT, work.dir);
  const env = {
    DATABASE_URL: db.url,
    PAYMENTS_ATTEMPT_TIMEOUT_MS: "4000",
    PAYMENTS_DEADLINE_MS: "5000",
    RECONCILE_INTERVAL_MS: "300",
    RECONCILE_AFTER_MS: "300",
  };
  const a = new AppInstance("a", PORT_A, sandbox, path.join(work.dir, "a"), env);
  const b = new AppInstance("b", PORT_B, sandbox, path.join(work.dir, "b"), env);
  let passed = false;
  try {
    await sandbox.start();
    await Promise.all([a.start(), b.start()]);
    // One cookie for both: they share SESSION_SECRET.
    const cookie = await signIn(a.base);

    // (a) The same key to both instances at once, upstream slow enough for the two to overlap.
    await sandbox.setFaults(slow(1_500));
    await sandbox.clearLog();
    const raceKeys = Array.from({ length: RACE_KEYS }, (_, i) => `soak-race-${run}-${i}`);
    const replies = await Promise.all(
      raceKeys.map((key, i) =>
        Promise.all([postPayout(a.base, cookie, key, 5_000 + i), postPayout(b.base, cookie, key, 5_000 + i)]),
      ),
    );
    const raceLog = requestsByKey(await sandbox.requests());
    const made = await sandbox.payouts();
    const replyCodes = new Map<string, number>();
    for (const [i, key] of raceKeys.entries()) {
      expect(raceLog.get(key)?.length, `upstream sends of ${key}`).toBe(1);
      const pair: PayoutAnswer[] = replies[i] ?? [];
      const paid = pair.filter((r): r is PayoutAnswer & { payout: RegisterPayout } => r.payout !== null);
      expect(paid.length, `a payout in the replies for ${key}`).toBeGreaterThan(0);
      for (const reply of pair) {
        const code = reply.code ? `${reply.status}:${reply.code}` : String(reply.status);
        replyCodes.set(code, (replyCodes.get(code) ?? 0) + 1);
        if (!reply.payout) expect([reply.status, reply.code]).toEqual([409, "payout_in_progress"]);
      }
      const upstream = made.filter((p) => p.idempotency_key === key);
      expect(upstream).toHaveLength(1);
      for (const reply of paid)
        expect([reply.payout.id, reply.payout.state, reply.payout.amount_centavos]).toEqual([
          upstream[0]?.id,
          "submitted",
          5_000 + i,
        ]);
    }

    // (b) Kill A while its sends are upstream; both reconcilers run. Each key: the killed send, then exactly one re-send.
    await sandbox.setFaults(slow(2_500));
    await sandbox.clearLog();
    const killedKeys = Array.from({ length: KILLED_KEYS }, (_, i) => `soak-kill-${run}-${i}`);
    const doomed = killedKeys.map((key, i) =>
      postPayout(a.base, cookie, key, 7_000 + i).catch((error: unknown) => error),
    );
    await pollUntil(
      "every doomed send to be upstream",
      () => sandbox.requests(),
      (log) => killedKeys.every((key) => log.some((e) => e.idempotency_key === key && e.ended_at === null)),
      {
        timeoutMs: 20_000,
        everyMs: 50,
      },
    );
    await a.kill();
    const killedReplies = await Promise.all(doomed);
    expect(
      killedReplies.every((r) => r instanceof Error),
      "the killed instance's clients got no answer",
    ).toBe(true);
    await a.start();
    const afterKill = await pollUntil(
      "the killed sends to be re-sent and submitted",
      () => register(b.base, cookie),
      (rows) => killedKeys.every((key) => rowOf(rows, key)?.state === "submitted"),
      { timeoutMs: 90_000, everyMs: 300 },
    );
    const killLog = await sandbox.requests();
    const killByKey = requestsByKey(killLog);
    const upstreamAfterKill = await sandbox.payouts();
    for (const key of killedKeys) {
      const sends = killByKey.get(key) ?? [];
      expect(
        sends.map((e) => e.outcome),
        `upstream sends of ${key}`,
      ).toEqual(["dropped", expect.stringMatching(/^20[01]$/)]);
      expect(rowOf(afterKill, key)?.sends, `register's count of sends of ${key}`).toBe(2);
      const upstream = upstreamAfterKill.filter((p) => p.idempotency_key === key);
      expect(upstream.map((p) => p.id)).toEqual([rowOf(afterKill, key)?.id]);
    }
    expect(overlappingKeys(killLog)).toEqual([]);

    // (c) Made on B, seen on A (and the killed ones, sent from A, were seen on B above).
    await sandbox.setFaults([]);
    const crossKey = `soak-cross-${run}`;
    const cross = await postPayout(b.base, cookie, crossKey, 9_000);
    expect(cross.status).toBe(201);
    const onA = rowOf(await register(a.base, cookie), crossKey);
    expect([onA?.id, onA?.state, onA?.amount_centavos]).toEqual([cross.payout?.id, "submitted", 9_000]);
    const everyKey = [...raceKeys, ...killedKeys, crossKey];
    const [rowsA, rowsB] = await Promise.all([register(a.base, cookie), register(b.base, cookie)]);
    expect(rowsA.map((r) => [r.idempotency_key, r.id, r.state]).sort()).toEqual(
      rowsB.map((r) => [r.idempotency_key, r.id, r.state]).sort(),
    );
    expect(rowsA.map((r) => r.idempotency_key).sort()).toEqual([...everyKey].sort());

    soakLine("two-instances", {
      instances: 2,
      payouts: everyKey.length,
      race_keys: RACE_KEYS,
      race_requests: RACE_KEYS * 2,
      race_upstream_sends: raceKeys.reduce((n, key) => n + (raceLog.get(key)?.length ?? 0), 0),
      race_replies: [...replyCodes].map(([code, n]) => `${n}x${code}`).join(","),
      killed_mid_send: KILLED_KEYS,
      kills: a.kills,
      restarts: a.starts - 1,
      upstream_sends_of_killed_keys: killedKeys.reduce((n, key) => n + (killByKey.get(key)?.length ?? 0), 0),
      overlapping_sends: 0,
      upstream_payouts: (await sandbox.payouts()).filter((p) => everyKey.includes(p.idempotency_key)).length,
      time: seconds(began),
    });
    passed = true;
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await sandbox.stop();
    await db
      .drop()
      .catch((error: unknown) => console.error(`[soak] could not drop the test database: ${String(error)}`));
    work.cleanUp(passed);
  }
}, 240_000);

interface Answer {
  status: number;
  code: string | null;
  reason: unknown;
}

async function answerOf(res: Response): Promise<Answer> {
  const json = (await res.json()) as { error: { code: string; details?: { reason?: unknown } } | null };
  return { status: res.status, code: json.error?.code ?? null, reason: json.error?.details?.reason ?? null };
}

const whoAmI = async (base: string, cookie: string) =>
  answerOf(await fetch(`${base}/api/session`, { headers: { cookie } }));

const sendPayout = async (base: string, cookie: string, key: string) =>
  answerOf(
    await fetch(`${base}/api/payouts`, {
      method: "POST",
      headers: { ...writeHeaders(base), cookie, "idempotency-key": key },
      body: JSON.stringify({ amount_centavos: 1_000, pix_key_type: "email", pix_key: "soak@example.com" }),
    }),
  );

/** Waits until more than ACCESS_TRUST_MS has passed since `changedAt` (the design bound: nothing else is timed). */
async function pastTheTrustBound(changedAt: number): Promise<void> {
  const wait = changedAt + ACCESS_TRUST_MS + 50 - Date.now();
  if (wait > 0) await pause(wait);
}

const REFUSED = { status: 401, code: "unauthenticated", reason: "access_changed" };

it("two instances on one PostgreSQL: the owner's change of the operator's access ends the operator's session on the other instance within ACCESS_TRUST_MS", async () => {
  const began = Date.now();
  const run = Date.now().toString(36);
  const work = workDir("two-instances-access");
  const db = await freshDatabase("access");
  const sandbox = new SandboxProcess(ACCESS_SANDBOX_PORT, work.dir);
  const env = { DATABASE_URL: db.url };
  const a = new AppInstance("a", ACCESS_PORT_A, sandbox, path.join(work.dir, "a"), env);
  const b = new AppInstance("b", ACCESS_PORT_B, sandbox, path.join(work.dir, "b"), env);
  let ledger: Ledger | null = null;
  let passed = false;
  try {
    await sandbox.start();
    await Promise.all([a.start(), b.start()]);
    const ownerOnB = await signIn(b.base, "owner");
    const operatorOnA = await signIn(a.base, "operator");
    // The members API is not there yet: the owner's changes are made in the ledger the instances share.
    ledger = await createLedger({ databaseUrl: db.url, maxConnections: 2 });
    const operator = await findMemberByEmail(ledger, personBody("operator").email);
    expect(operator, "the demo operator").not.toBeNull();
    const ref: MembershipRef = { businessId: ACME.id, memberId: operator?.id ?? "" };
    // A has read (and now trusts, for at most ACCESS_TRUST_MS) the operator's membership.
    expect(await whoAmI(a.base, operatorOnA)).toMatchObject({ status: 200 });
    expect(await sendPayout(a.base, operatorOnA, `soak-access-${run}-before`)).toMatchObject({ status: 201 });

    // The owner deactivates the operator.
    expect(await whoAmI(b.base, ownerOnB)).toMatchObject({ status: 200 });
    expect((await setMembershipStatus(ledger, ref, "deactivated")).outcome).toBe("changed");
    const deactivatedAt = Date.now();
    await pastTheTrustBound(deactivatedAt);
    expect(await whoAmI(a.base, operatorOnA)).toEqual(REFUSED);
    expect(await sendPayout(a.base, operatorOnA, `soak-access-${run}-deactivated`)).toEqual(REFUSED);
    // Only the operator's session ended: the owner's on B still works.
    expect(await whoAmI(b.base, ownerOnB)).toMatchObject({ status: 200 });

    // Reactivated, the operator signs in again on A; then the owner makes them support.
    expect((await setMembershipStatus(ledger, ref, "active")).outcome).toBe("changed");
    // A may trust its last answer (deactivated) for up to ACCESS_TRUST_MS, a sign-in there included.
    await pastTheTrustBound(Date.now());
    const again = await signIn(a.base, "operator");
    expect(await sendPayout(a.base, again, `soak-access-${run}-again`)).toMatchObject({ status: 201 });
    expect((await changeMemberRole(ledger, ref, "support")).outcome).toBe("changed");
    const demotedAt = Date.now();
    await pastTheTrustBound(demotedAt);
    // A role change bumps the membership's epoch: the cookie signed in as operator is refused outright, not merely forbidden.
    expect(await sendPayout(a.base, again, `soak-access-${run}-demoted`)).toEqual(REFUSED);
    // Signed in afresh, the same person is support now: no payouts.
    const asSupport = await signIn(a.base, "operator");
    expect(await sendPayout(a.base, asSupport, `soak-access-${run}-support`)).toMatchObject({
      status: 403,
      code: "forbidden",
    });
    const upstream = (await sandbox.payouts()).filter((p) => p.idempotency_key.startsWith(`soak-access-${run}-`));
    expect(upstream.map((p) => p.idempotency_key).sort()).toEqual(
      [`soak-access-${run}-again`, `soak-access-${run}-before`].sort(),
    );

    soakLine("two-instances-access", {
      instances: 2,
      access_trust_ms: ACCESS_TRUST_MS,
      refused_after_deactivation: 2,
      refused_after_role_change: 1,
      time: seconds(began),
    });
    passed = true;
  } finally {
    await ledger?.close();
    await Promise.all([a.stop(), b.stop()]);
    await sandbox.stop();
    await db
      .drop()
      .catch((error: unknown) => console.error(`[soak] could not drop the test database: ${String(error)}`));
    work.cleanUp(passed);
  }
}, 240_000);
