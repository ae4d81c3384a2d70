/**
 * A person's own two-step verification through the BFF routes, against the real sandbox and a real PGlite ledger:
 * setup with the secret kept encrypted on the server, a real TOTP code computed here from the key shown for manual
 * entry (on the injected clock), the two-step sign-in that follows, recovery codes that work once and are replaced,
 * turning 2FA off (refused while a workspace requires it), and a workspace that requires 2FA letting a person do
 * nothing but set it up.
 */
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as account from "@/app/api/account/route";
import * as activity from "@/app/api/activity/route";
import * as confirm from "@/app/api/account/two-factor/confirm/route";
import * as disable from "@/app/api/account/two-factor/disable/route";
import * as recoveryCodes from "@/app/api/account/two-factor/recovery-codes/route";
import * as setup from "@/app/api/account/two-factor/setup/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import * as secondFactor from "@/app/api/session/second-factor/route";
import { findMemberByEmail, getLedger, listRecoveryCodes } from "@/lib/server/ledger";
import { workspaces } from "@/lib/server/ledger/schema";
import { ensureSandboxWorkspaces } from "@/lib/server/services/workspace/sandbox-people";
import {
  BETA,
  call,
  DEMO_PASSWORD,
  personBody,
  sessionCookieFrom,
  signIn,
  startBffHarness,
  type BffHarness,
} from "../helpers/bff";

let harness: BffHarness;
beforeAll(async () => {
  // Many deliberate failures from one (unknown) address: the per-address budget is not what these tests are about.
  harness = await startBffHarness({ env: { SIGN_IN_LIMIT_PER_ADDRESS: "1000" } });
});
afterAll(async () => {
  await harness.close();
});

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function base32Bytes(text: string): Buffer {
  let bits = "";
  for (const char of text.replace(/=+$/, "")) bits += BASE32.indexOf(char).toString(2).padStart(5, "0");
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

/** RFC 6238 by hand: the code of the 30-second step `ms` falls in. */
function totpAt(secret: string, ms: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const mac = createHmac("sha1", base32Bytes(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** The code of the next 30-second step: the clock moves there first, so each code is a new one. */
function nextCode(secret: string): string {
  harness.clock.skip(30_000);
  return totpAt(secret, harness.clock.now());
}

const post = (body?: unknown) => ({ method: "POST", ...(body === undefined ? {} : { body }) });

async function enroll(cookie: string): Promise<{ secret: string; codes: string[] }> {
  const started = await call(setup.POST, "/api/account/two-factor/setup", { ...post(), cookie });
  expect(started.status).toBe(200);
  const { secret } = started.json.data as { secret: string };
  const confirmed = await call(confirm.POST, "/api/account/two-factor/confirm", {
    ...post({ code: nextCode(secret) }),
    cookie,
  });
  expect(confirmed.status).toBe(200);
  return { secret, codes: (confirmed.json.data as { recovery_codes: string[] }).recovery_codes };
}

async function passwordStep(body: { email: string; password: string }): Promise<string> {
  const step = await call(session.POST, "/api/session", post(body));
  expect(step.status).toBe(200);
  expect(step.setCookies).toEqual([]);
  const data = step.json.data as { next: string; challenge: string };
  expect(data.next).toBe("totp");
  return data.challenge;
}

// Each sign-in hashes a password with argon2 (about 100 ms on a busy 2-core machine), and the first builds the demo people.
describe("setting up two-step verification", { timeout: 120_000 }, () => {
  const person = personBody("operator");

  it("enrols with a real code, keeps this session, and sign-in then needs the second step; recovery codes work once and are replaced", async () => {
    const cookie = await signIn(session.POST, person);
    const ledger = await getLedger();

    const started = await call(setup.POST, "/api/account/two-factor/setup", { ...post(), cookie });
    expect(started.status).toBe(200);
    const data = started.json.data as { qr_code: string; otpauth_uri: string; secret: string; expires_at: string };
    expect(data.secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(data.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(data.otpauth_uri).toContain(`secret=${data.secret}`);
    expect(data.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.qr_code.split(",")[1] ?? "", "base64").toString("utf8")).toContain("<svg");
    // Kept on the server, encrypted, until confirmed: not the secret in clear, and 2FA is not on yet.
    const pending = await findMemberByEmail(ledger, person.email);
    expect(pending?.totpPendingSecretEnc).toMatch(/^mv1\./);
    expect(pending?.totpPendingSecretEnc).not.toContain(data.secret);
    expect(pending?.totpSecretEnc).toBeNull();

    const code = nextCode(data.secret);
    const refused = await call(confirm.POST, "/api/account/two-factor/confirm", {
      ...post({ code: wrong(code) }),
      cookie,
    });
    expect(refused.status).toBe(401);
    expect(refused.json.error?.code).toBe("invalid_code");
    expect((await findMemberByEmail(ledger, person.email))?.totpSecretEnc).toBeNull();

    const confirmed = await call(confirm.POST, "/api/account/two-factor/confirm", { ...post({ code }), cookie });
    expect(confirmed.status).toBe(200);
    const codes = (confirmed.json.data as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    const member = await findMemberByEmail(ledger, person.email);
    expect(member?.totpSecretEnc).toMatch(/^mv1\./);
    expect(member?.totpPendingSecretEnc).toBeNull();
    // Only hashes are stored.
    const stored = await listRecoveryCodes(ledger, member?.id ?? "");
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]);

    // This session is kept.
    expect((await call(session.GET, "/api/session", { cookie })).status).toBe(200);
    const profile = await call(account.GET, "/api/account", { cookie });
    expect(profile.json.data).toMatchObject({ two_factor: { enabled: true, recovery_codes_left: 10 } });
    // A second setup is refused while 2FA is on.
    const again = await call(setup.POST, "/api/account/two-factor/setup", { ...post(), cookie });
    expect(again.json.error?.code).toBe("two_factor_already_enabled");

    // Sign-in now takes two steps: a code of the next time step finishes it.
    const challenge = await passwordStep(person);
    const done = await call(secondFactor.POST, "/api/session/second-factor", {
      ...post({ challenge, code: nextCode(data.secret) }),
    });
    expect(done.status).toBe(200);
    expect(done.json.data).toMatchObject({ next: "done", session: { twoFactor: { enabled: true } } });

    // A recovery code works once.
    const [first = "", second = ""] = codes;
    const byRecovery = await call(secondFactor.POST, "/api/session/second-factor", {
      ...post({ challenge: await passwordStep(person), recoveryCode: first }),
    });
    expect(byRecovery.status).toBe(200);
    const reused = await call(secondFactor.POST, "/api/session/second-factor", {
      ...post({ challenge: await passwordStep(person), recoveryCode: first }),
    });
    expect(reused.status).toBe(401);
    expect(reused.json.error?.code).toBe("invalid_code");

    // New codes need a current code; the old ones stop working, the new ones work.
    const badRegenerate = await call(recoveryCodes.POST, "/api/account/two-factor/recovery-codes", {
      ...post({ code: wrong(totpAt(data.secret, harness.clock.now() + 30_000)) }),
      cookie,
    });
    expect(badRegenerate.json.error?.code).toBe("invalid_code");
    const regenerated = await call(recoveryCodes.POST, "/api/account/two-factor/recovery-codes", {
      ...post({ code: nextCode(data.secret) }),
      cookie,
    });
    expect(regenerated.status).toBe(200);
    const fresh = (regenerated.json.data as { recovery_codes: string[] }).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(second);
    const old = await call(secondFactor.POST, "/api/session/second-factor", {
      ...post({ challenge: await passwordStep(person), recoveryCode: second }),
    });
    expect(old.json.error?.code).toBe("invalid_code");
    const withFresh = await call(secondFactor.POST, "/api/session/second-factor", {
      ...post({ challenge: await passwordStep(person), recoveryCode: fresh[0] }),
    });
    expect(withFresh.status).toBe(200);
    // Regenerating kept this session.
    expect((await call(session.GET, "/api/session", { cookie })).status).toBe(200);
  });

  it("turning 2FA off needs the password and a code, ends the person's other sessions and re-issues this one", async () => {
    const person2 = personBody("support");
    const cookie = await signIn(session.POST, person2);
    const { secret } = await enroll(cookie);
    const other = sessionCookieFrom(
      await call(secondFactor.POST, "/api/session/second-factor", {
        ...post({ challenge: await passwordStep(person2), code: nextCode(secret) }),
      }),
    );

    const wrongPassword = await call(disable.POST, "/api/account/two-factor/disable", {
      ...post({ password: "not the password at all", code: nextCode(secret) }),
      cookie,
    });
    expect(wrongPassword.status).toBe(403);
    expect(wrongPassword.json.error?.code).toBe("wrong_password");
    const wrongCode = await call(disable.POST, "/api/account/two-factor/disable", {
      ...post({ password: DEMO_PASSWORD, code: wrong(nextCode(secret)) }),
      cookie,
    });
    expect(wrongCode.json.error?.code).toBe("invalid_code");
    expect((await call(session.GET, "/api/session", { cookie: other })).status).toBe(200);

    const off = await call(disable.POST, "/api/account/two-factor/disable", {
      ...post({ password: DEMO_PASSWORD, code: nextCode(secret) }),
      cookie,
    });
    expect(off.status).toBe(200);
    const reissued = sessionCookieFrom(off);
    expect(reissued).not.toBe(cookie);
    expect((await call(session.GET, "/api/session", { cookie: other })).status).toBe(401);
    expect((await call(session.GET, "/api/session", { cookie })).status).toBe(401);
    const here = await call(session.GET, "/api/session", { cookie: reissued });
    expect(here.status).toBe(200);
    expect(here.json.data).toMatchObject({ twoFactor: { enabled: false } });
    // Sign-in is one step again.
    const step = await call(session.POST, "/api/session", post(person2));
    expect(step.json.data).toMatchObject({ next: "done" });

    // The workspace's audit log names the person for both changes (finance reads it).
    const supportId = (here.json.data as { person: { id: string } }).person.id;
    const finance = await signIn(session.POST, personBody("finance"));
    const entries = async (action: string) => {
      const page = await call(activity.GET, `/api/activity?action=${action}&target_id=${supportId}`, {
        cookie: finance,
      });
      expect(page.status, page.text).toBe(200);
      return (page.json.data as { items: { actor: Record<string, unknown>; after: unknown }[] }).items;
    };
    for (const [action, twoFactor] of [
      ["member.two_factor_enabled", true],
      ["member.two_factor_disabled", false],
    ] as const) {
      const found = await entries(action);
      expect(found).toHaveLength(1);
      expect(found[0]?.actor).toMatchObject({ member_id: supportId, email: person2.email, role: "support" });
      expect(found[0]?.after).toEqual({ email: person2.email, two_factor: twoFactor });
    }
  });
});

describe("a workspace that requires two-step verification", { timeout: 120_000 }, () => {
  it("lets a person without it only set it up, and refuses to turn it off", async () => {
    const ledger = await getLedger();
    await ensureSandboxWorkspaces(ledger);
    await ledger.db.update(workspaces).set({ require2fa: true }).where(eq(workspaces.businessId, BETA.businessId));
    const cookie = await signIn(session.POST, personBody("operator", "beta"));

    const register = await call(payouts.GET, "/api/payouts", { cookie });
    expect(register.status).toBe(403);
    expect(register.json.error?.code).toBe("two_factor_required");
    const profile = await call(account.GET, "/api/account", { cookie });
    expect(profile.status).toBe(200);
    expect(profile.json.data).toMatchObject({ two_factor: { enabled: false, required: true, pending: true } });

    const { secret } = await enroll(cookie);
    expect((await call(payouts.GET, "/api/payouts", { cookie })).status).toBe(200);

    const off = await call(disable.POST, "/api/account/two-factor/disable", {
      ...post({ password: DEMO_PASSWORD, code: nextCode(secret) }),
      cookie,
    });
    expect(off.status).toBe(409);
    expect(off.json.error?.code).toBe("two_factor_required_by_workspace");
    expect((await findMemberByEmail(ledger, personBody("operator", "beta").email))?.totpSecretEnc).not.toBeNull();
  });
});
