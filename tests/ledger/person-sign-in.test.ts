/**
 * A person's sign-in (lib/server/services/session/person-sign-in.ts, person-second-factor.ts) against a real
 * PGlite ledger: one generic answer for every wrong e-mail or password, throttled; a second step bound to the
 * person, their auth epoch, 5 minutes and a few attempts; codes that work once; nothing secret logged.
 */
import { createHmac } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/lib/server/accounts/password";
import { createRecoveryCodes } from "@/lib/server/accounts/recovery-codes";
import { TotpSecret } from "@/lib/server/accounts/totp-secret";
import { resetConfigForTests } from "@/lib/server/config";
import { BffError } from "@/lib/server/errors/bff-error";
import {
  addMembership,
  createMember,
  enableTotp,
  findMemberById,
  listSecurityEvents,
  replaceRecoveryCodes,
  resetTwoFactor,
  setMembershipStatus,
} from "@/lib/server/ledger";
import { rateLimits, securityEvents, signInChallenges } from "@/lib/server/ledger/schema";
import { encryptMemberSecret } from "@/lib/server/security/credential-vault";
import { verifySecondFactor } from "@/lib/server/services/session/person-second-factor";
import { runHousekeeping } from "@/lib/server/services/operations/housekeeping";
import { emailFingerprint } from "@/lib/server/services/session/person-sign-in-events";
import {
  CHALLENGE_ATTEMPTS,
  CHALLENGE_LIFETIME_MS,
  verifyPasswordStep,
} from "@/lib/server/services/session/person-sign-in";
import { resetThrottleForTests, throttleSettings } from "@/lib/server/services/session/sign-in-throttle";
import { captureLogs, type CapturedLogs } from "../helpers/logs";
import { useAccountsLedger, workspace, WS_ACME, WS_BETA } from "./account-fixtures";

const T0 = new Date("2026-06-01T12:00:10Z").getTime();
const PASSWORD = "correct horse battery staple";
const SECRET_KEY = Buffer.from("12345678901234567890", "ascii");
const SECRET = TotpSecret.fromBase32("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
const from = { address: "203.0.113.7", source: "proxy" as const };

/** Another person's secret (Mallory's). */
const OTHER_KEY = Buffer.from("abcdefghijklmnopqrst", "ascii");
const OTHER_SECRET = TotpSecret.fromBase32("MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U");

/** RFC 6238 by hand: the code of a 30-second step. */
function codeAt(ms: number, key = SECRET_KEY): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

// The service reads the injected clock; the throttle's limiter reads Date: both move together, only when a test moves them.
let now = T0;
const clock = { now: () => now };
function advance(ms: number) {
  now += ms;
  vi.setSystemTime(now);
}

async function failure(promise: Promise<unknown>): Promise<BffError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BffError) return error;
    throw error;
  }
  throw new Error("it succeeded");
}
const shape = (error: BffError) => ({ code: error.code, message: error.message, status: error.status });

describe("a person's sign-in", () => {
  const ledger = useAccountsLedger("pglite");
  const deps = () => ({ ledger: ledger(), clock });
  let logs: CapturedLogs;

  beforeEach(async () => {
    vi.stubEnv("CREDENTIAL_KEYS", "test1:test-credential-key-0123456789-abcdefghij");
    resetConfigForTests();
    now = T0;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    await ledger().db.delete(rateLimits);
    await ledger().db.delete(securityEvents);
    resetThrottleForTests(ledger());
    logs = captureLogs();
  });
  afterEach(() => {
    logs.restore();
    vi.useRealTimers();
    vi.unstubAllEnvs();
    resetConfigForTests();
  });

  async function olivia(options: { totp?: boolean; passwordHash?: string } = {}) {
    await workspace(ledger(), WS_ACME);
    const created = await createMember(ledger(), {
      email: "Olivia@Example.com",
      name: "Olivia",
      passwordHash: options.passwordHash ?? (await hashPassword(PASSWORD)),
    });
    if (created.outcome !== "created") throw new Error(created.outcome);
    const member = created.member;
    await addMembership(ledger(), { businessId: WS_ACME, memberId: member.id, role: "operator" });
    if (options.totp) await enableTotp(ledger(), member.id, encryptMemberSecret(SECRET, member.id), 0);
    return member;
  }

  async function mallory(options: { totp?: boolean } = {}) {
    const created = await createMember(ledger(), {
      email: "mallory@example.com",
      name: "Mallory",
      passwordHash: await hashPassword(PASSWORD),
    });
    if (created.outcome !== "created") throw new Error(created.outcome);
    const member = created.member;
    await addMembership(ledger(), { businessId: WS_ACME, memberId: member.id, role: "operator" });
    if (options.totp) await enableTotp(ledger(), member.id, encryptMemberSecret(OTHER_SECRET, member.id), 0);
    return member;
  }

  /** Sets the throttle's limits for this test (the configuration is read again). */
  function limits(env: Record<string, string>) {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    resetThrottleForTests(ledger());
  }

  const attemptsLeft = async () =>
    (await ledger().db.select({ n: signInChallenges.attemptsLeft }).from(signInChallenges)).map((row) => row.n);

  async function challengeFor(email = "olivia@example.com", at = from): Promise<string> {
    const result = await verifyPasswordStep(deps(), { email, password: PASSWORD, from: at });
    if (result.next !== "totp") throw new Error(`expected a challenge, got ${result.next}`);
    return result.challenge;
  }

  it("signs in with the right password (any spelling of the e-mail), listing the active workspaces", async () => {
    const member = await olivia();
    const result = await verifyPasswordStep(deps(), { email: " OLIVIA@example.COM ", password: PASSWORD, from });
    expect(result).toMatchObject({
      next: "done",
      member: { id: member.id, email: "olivia@example.com", mfa: "none", authEpoch: 0 },
      workspaces: [{ businessId: WS_ACME, role: "operator", require2fa: false }],
    });
    expect(JSON.stringify(result)).not.toContain("argon2");
  });

  it("answers a wrong password and an unknown e-mail identically, and both count against the throttle", async () => {
    await olivia();
    const perEmail = throttleSettings().SIGN_IN_LIMIT_PER_CREDENTIAL;
    const wrong = await failure(verifyPasswordStep(deps(), { email: "olivia@example.com", password: "nope", from }));
    const unknown = await failure(
      verifyPasswordStep(deps(), { email: "nobody@example.com", password: PASSWORD, from }),
    );
    expect(shape(wrong)).toEqual({ code: "invalid_login", message: "E-mail or password is wrong.", status: 401 });
    expect(shape(unknown)).toEqual(shape(wrong));
    for (let i = 1; i < perEmail; i++)
      await failure(verifyPasswordStep(deps(), { email: "nobody@example.com", password: `x${i}`, from }));
    const throttled = await failure(verifyPasswordStep(deps(), { email: "nobody@example.com", password: "y", from }));
    expect(throttled.code).toBe("sign_in_throttled");
    // Even the right password is refused for a throttled e-mail until the block ends.
    for (let i = 1; i < perEmail; i++)
      await failure(
        verifyPasswordStep(deps(), {
          email: "olivia@example.com",
          password: `x${i}`,
          from: { ...from, address: "198.51.100.1" },
        }),
      );
    const blocked = await failure(
      verifyPasswordStep(deps(), {
        email: "olivia@example.com",
        password: PASSWORD,
        from: { ...from, address: "198.51.100.2" },
      }),
    );
    expect(blocked.code).toBe("sign_in_throttled");
    const events = await listSecurityEvents(ledger());
    expect(events.filter((e) => e.reason === "invalid_login").length).toBe(2 * perEmail);
    expect(events.every((e) => e.credentialKind === "password" && e.credentialFingerprint?.length === 16)).toBe(true);
  });

  it("refuses, generically, a right password whose memberships are all deactivated", async () => {
    const member = await olivia();
    await setMembershipStatus(ledger(), { businessId: WS_ACME, memberId: member.id }, "deactivated");
    const refused = await failure(
      verifyPasswordStep(deps(), { email: "olivia@example.com", password: PASSWORD, from }),
    );
    expect(shape(refused)).toEqual({ code: "invalid_login", message: "E-mail or password is wrong.", status: 401 });
  });

  it("replaces a weaker stored hash at sign-in", async () => {
    const weak = await hash(PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const member = await olivia({ passwordHash: weak });
    await verifyPasswordStep(deps(), { email: "olivia@example.com", password: PASSWORD, from });
    const stored = (await findMemberById(ledger(), member.id))?.passwordHash;
    expect(stored).not.toBe(weak);
    expect(stored).toContain("m=65536,t=3,p=1");
  });

  it("asks for enrolment when a workspace requires 2FA and the person has none", async () => {
    await olivia();
    await ledger().db.execute(`UPDATE workspaces SET require_2fa = true WHERE business_id = '${WS_ACME}'`);
    const result = await verifyPasswordStep(deps(), { email: "olivia@example.com", password: PASSWORD, from });
    expect(result).toMatchObject({ next: "enroll_totp", requiredBy: [WS_ACME] });
  });

  it("with 2FA: a right code signs in once; a wrong code and the same code again are refused", async () => {
    const member = await olivia({ totp: true });
    const challenge = await challengeFor();
    const wrong = await failure(
      verifySecondFactor(deps(), { challenge, code: "000000" === codeAt(now) ? "111111" : "000000", from }),
    );
    expect(shape(wrong)).toEqual({ code: "invalid_code", message: "The code is wrong.", status: 401 });
    const code = codeAt(now);
    const signedIn = await verifySecondFactor(deps(), { challenge, code, from });
    expect(signedIn).toMatchObject({
      member: { id: member.id, mfa: "totp" },
      factor: "totp",
      workspaces: [{ businessId: WS_ACME }],
    });
    // The same code on a fresh challenge: its step is used.
    const again = await failure(verifySecondFactor(deps(), { challenge: await challengeFor(), code, from }));
    expect(again.code).toBe("invalid_code");
    // The used challenge does not work twice.
    advance(30_000);
    expect((await failure(verifySecondFactor(deps(), { challenge, code: codeAt(now), from }))).code).toBe(
      "sign_in_challenge_expired",
    );
  });

  it("refuses a challenge after 5 minutes and after the person's auth epoch changed", async () => {
    const { id } = await olivia({ totp: true });
    const late = await challengeFor();
    advance(CHALLENGE_LIFETIME_MS);
    expect((await failure(verifySecondFactor(deps(), { challenge: late, code: codeAt(now), from }))).code).toBe(
      "sign_in_challenge_expired",
    );

    const stale = await challengeFor();
    // A 2FA reset bumps the epoch; 2FA is turned on again so only the epoch differs.
    await resetTwoFactor(ledger(), id);
    await enableTotp(ledger(), id, encryptMemberSecret(SECRET, id), 0);
    expect((await failure(verifySecondFactor(deps(), { challenge: stale, code: codeAt(now), from }))).code).toBe(
      "sign_in_challenge_expired",
    );
  });

  it("a challenge belongs to the person it was issued to", async () => {
    await olivia({ totp: true });
    const challenge = await challengeFor();
    const other = await createMember(ledger(), {
      email: "mallory@example.com",
      name: "Mallory",
      passwordHash: await hashPassword(PASSWORD),
    });
    if (other.outcome !== "created") throw new Error(other.outcome);
    await addMembership(ledger(), { businessId: WS_ACME, memberId: other.member.id, role: "operator" });
    const result = await verifySecondFactor(deps(), { challenge, code: codeAt(now), from });
    expect(result.member.email).toBe("olivia@example.com");
    expect(result.member.id).not.toBe(other.member.id);
  });

  it("a recovery code works once, and nothing secret reaches a log line or the security log", async () => {
    const member = await olivia({ totp: true });
    const codes = createRecoveryCodes();
    await replaceRecoveryCodes(
      ledger(),
      member.id,
      codes.map((c) => c.hash),
    );
    const recoveryCode = codes[0]?.code ?? "";
    await failure(verifyPasswordStep(deps(), { email: "olivia@example.com", password: `${PASSWORD}!`, from }));
    const first = await verifySecondFactor(deps(), { challenge: await challengeFor(), recoveryCode, from });
    expect(first.factor).toBe("recovery_code");
    const reused = await failure(verifySecondFactor(deps(), { challenge: await challengeFor(), recoveryCode, from }));
    expect(reused.code).toBe("invalid_code");
    await failure(verifySecondFactor(deps(), { challenge: await challengeFor(), code: "123456", from }));

    const secrets = [PASSWORD, SECRET.reveal(), recoveryCode, recoveryCode.replace(/-/g, ""), "olivia@example.com"];
    const events = JSON.stringify(await listSecurityEvents(ledger()));
    expect(events).toContain("recovery_code");
    expect(logs.text()).toContain("security.sign_in_failed");
    for (const secret of secrets) {
      expect(logs.text()).not.toContain(secret);
      expect(events).not.toContain(secret);
    }
  });

  it("refuses another person's valid code on a person's challenge, generically, and counts it", async () => {
    const olivias = await olivia({ totp: true });
    await mallory({ totp: true });
    const challenge = await challengeFor();
    const malloryCode = codeAt(now, OTHER_KEY);
    expect(malloryCode).not.toBe(codeAt(now));
    const refused = await failure(verifySecondFactor(deps(), { challenge, code: malloryCode, from }));
    expect(shape(refused)).toEqual({ code: "invalid_code", message: "The code is wrong.", status: 401 });
    // Counted: the challenge lost an attempt and Olivia's security log has the failure.
    expect(await attemptsLeft()).toEqual([CHALLENGE_ATTEMPTS - 1]);
    const events = await listSecurityEvents(ledger());
    expect(events).toMatchObject([
      {
        kind: "sign_in_failed",
        reason: "invalid_code",
        credentialKind: "totp",
        credentialFingerprint: emailFingerprint("olivia@example.com").slice(0, 16),
      },
    ]);
    // The challenge is still Olivia's: her own code signs her in.
    const signedIn = await verifySecondFactor(deps(), { challenge, code: codeAt(now), from });
    expect(signedIn.member.id).toBe(olivias.id);
  });

  it("a challenge allows 5 codes: after 5 wrong ones even the right code is refused", async () => {
    // Budgets larger than the challenge's own limit, so only the challenge refuses.
    limits({ SIGN_IN_LIMIT_PER_ADDRESS: "50", SIGN_IN_LIMIT_PER_CREDENTIAL: "50" });
    await olivia({ totp: true });
    const challenge = await challengeFor();
    const wrong = codeAt(now) === "000000" ? "111111" : "000000";
    for (let i = 0; i < CHALLENGE_ATTEMPTS; i++)
      expect((await failure(verifySecondFactor(deps(), { challenge, code: wrong, from }))).code).toBe("invalid_code");
    expect(await attemptsLeft()).toEqual([0]);
    const spent = await failure(verifySecondFactor(deps(), { challenge, code: codeAt(now), from }));
    expect(spent.code).toBe("sign_in_challenge_expired");
    // A new challenge works: the limit is the challenge's, not the person's.
    expect(
      (await verifySecondFactor(deps(), { challenge: await challengeFor(), code: codeAt(now), from })).factor,
    ).toBe("totp");
  });

  it("throttles a person's codes across challenges and addresses at the per-credential budget", async () => {
    const budget = throttleSettings().SIGN_IN_LIMIT_PER_CREDENTIAL;
    await olivia({ totp: true });
    const wrong = codeAt(now) === "000000" ? "111111" : "000000";
    // Two wrong codes per challenge (never a challenge's limit), each from an address of its own.
    let challenge = "";
    for (let i = 0; i < budget; i++) {
      const at = { ...from, address: `198.51.100.${i + 1}` };
      if (i % 2 === 0) challenge = await challengeFor("olivia@example.com", at);
      expect((await failure(verifySecondFactor(deps(), { challenge, code: wrong, from: at }))).code).toBe(
        "invalid_code",
      );
    }
    const fresh = await challengeFor("olivia@example.com", { ...from, address: "198.51.100.200" });
    const throttled = await failure(
      verifySecondFactor(deps(), { challenge: fresh, code: codeAt(now), from: { ...from, address: "198.51.100.201" } }),
    );
    expect(throttled.code).toBe("sign_in_throttled");
    const events = await listSecurityEvents(ledger());
    expect(events.filter((e) => e.kind === "sign_in_failed" && e.reason === "invalid_code")).toHaveLength(budget);
    expect(events.filter((e) => e.kind === "sign_in_throttled")).toMatchObject([{ reason: "credential_budget" }]);
  });

  it("lists only the workspaces where the person is still active, at either step", async () => {
    const member = await olivia();
    await workspace(ledger(), WS_BETA, "Beta");
    await addMembership(ledger(), { businessId: WS_BETA, memberId: member.id, role: "finance" });
    await setMembershipStatus(ledger(), { businessId: WS_ACME, memberId: member.id }, "deactivated");
    const result = await verifyPasswordStep(deps(), { email: "olivia@example.com", password: PASSWORD, from });
    expect(result).toMatchObject({ next: "done", workspaces: [{ businessId: WS_BETA, role: "finance" }] });
    if (result.next !== "done") throw new Error(result.next);
    expect(result.workspaces).toHaveLength(1);

    await enableTotp(ledger(), member.id, encryptMemberSecret(SECRET, member.id), 0);
    const second = await verifySecondFactor(deps(), { challenge: await challengeFor(), code: codeAt(now), from });
    expect(second.workspaces.map((w) => w.businessId)).toEqual([WS_BETA]);
  });

  it("refuses the second step, generically, when every membership was deactivated after the password", async () => {
    const member = await olivia({ totp: true });
    const challenge = await challengeFor();
    await setMembershipStatus(ledger(), { businessId: WS_ACME, memberId: member.id }, "deactivated");
    const refused = await failure(verifySecondFactor(deps(), { challenge, code: codeAt(now), from }));
    expect(shape(refused)).toEqual({ code: "invalid_login", message: "E-mail or password is wrong.", status: 401 });
    expect(await listSecurityEvents(ledger())).toMatchObject([{ reason: "no_active_membership" }]);
  });

  it("housekeeping purges challenges that expired or were used, and keeps live ones", async () => {
    await olivia({ totp: true });
    const settings = { HOUSEKEEPING_INTERVAL_MS: 60_000, SECURITY_LOG_RETENTION_DAYS: 30 };
    const used = await challengeFor();
    await verifySecondFactor(deps(), { challenge: used, code: codeAt(now), from });
    await challengeFor(); // expires first
    advance(CHALLENGE_LIFETIME_MS / 2);
    await challengeFor(); // still live below
    expect(await runHousekeeping(ledger(), new Date(now), settings)).toMatchObject({ signInChallenges: 1 });
    expect(await attemptsLeft()).toHaveLength(2);
    advance(CHALLENGE_LIFETIME_MS / 2 + 1);
    expect(await runHousekeeping(ledger(), new Date(now), settings)).toMatchObject({ signInChallenges: 1 });
    expect(await attemptsLeft()).toHaveLength(1);
    advance(CHALLENGE_LIFETIME_MS);
    expect(await runHousekeeping(ledger(), new Date(now), settings)).toMatchObject({ signInChallenges: 1 });
    expect(await attemptsLeft()).toHaveLength(0);
  });
});
