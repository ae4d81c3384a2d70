/**
 * TOTP (lib/server/accounts/totp.ts): RFC 6238 SHA-1 known answers, the ±1 step window and the replay rule at
 * step boundaries on a controlled clock, what counts as a code, and a secret that does not print.
 */
import { createHmac } from "node:crypto";
import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { setServerClockForTests } from "@/lib/server/clock";
import { createTotpSecret, totpUri, verifyTotp } from "@/lib/server/accounts/totp";
import { TotpSecret } from "@/lib/server/accounts/totp-secret";
import { formatLine } from "@/lib/server/log";
import { ManualClock } from "../../helpers/clock";

/** RFC 6238 appendix B's SHA-1 key: the ASCII "12345678901234567890" (20 bytes), in base32. */
const RFC_SECRET = TotpSecret.fromBase32("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
const RFC_KEY = Buffer.from("12345678901234567890", "ascii");
const STEP_MS = 30_000;

/** RFC 4226's HOTP, written out here so the tests do not take the library's word for what a code is. */
function referenceCode(key: Buffer, step: number, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

const codeAt = (step: number) => referenceCode(RFC_KEY, step);

afterEach(() => setServerClockForTests(null));

describe("RFC 6238 SHA-1 test vectors (appendix B)", () => {
  const vectors: Array<[seconds: number, eightDigits: string]> = [
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ];

  it.each(vectors)("the reference HOTP gives the RFC's code at T=%i", (seconds, eightDigits) => {
    expect(referenceCode(RFC_KEY, Math.floor(seconds / 30), 8)).toBe(eightDigits);
  });

  it.each(vectors)(
    "at T=%i verifyTotp accepts the RFC code's last six digits, matching its step",
    async (seconds, eightDigits) => {
      const check = await verifyTotp(RFC_SECRET, eightDigits.slice(2), { lastUsedStep: null, now: seconds * 1000 });
      expect(check).toEqual({ ok: true, step: Math.floor(seconds / 30) });
    },
  );
});

describe("the window: the current step and one either side, by the server clock", () => {
  const n = 50_000_000; // a step in 2017; its codes are codeAt(n)
  const start = n * STEP_MS;

  it("at the first and last millisecond of step n, accepts the codes of n-1, n and n+1 only", async () => {
    for (const now of [start, start + STEP_MS - 1]) {
      for (const step of [n - 1, n, n + 1]) {
        expect(await verifyTotp(RFC_SECRET, codeAt(step), { lastUsedStep: null, now }), `${step} at ${now}`).toEqual({
          ok: true,
          step,
        });
      }
      for (const step of [n - 2, n + 2]) {
        expect(await verifyTotp(RFC_SECRET, codeAt(step), { lastUsedStep: null, now }), `${step} at ${now}`).toEqual({
          ok: false,
        });
      }
    }
  });

  it("accepts the code of step n until the last millisecond of step n+1, not one millisecond later", async () => {
    const endOfNextStep = start + 2 * STEP_MS - 1;
    expect(await verifyTotp(RFC_SECRET, codeAt(n), { lastUsedStep: null, now: endOfNextStep })).toEqual({
      ok: true,
      step: n,
    });
    expect(await verifyTotp(RFC_SECRET, codeAt(n), { lastUsedStep: null, now: endOfNextStep + 1 })).toEqual({
      ok: false,
    });
  });

  it("reads the time from the injected server clock when no `now` is given", async () => {
    const clock = new ManualClock(start + 10_000);
    setServerClockForTests(clock);
    expect(await verifyTotp(RFC_SECRET, codeAt(n), { lastUsedStep: null })).toEqual({ ok: true, step: n });
    await clock.advance(2 * STEP_MS);
    expect(await verifyTotp(RFC_SECRET, codeAt(n), { lastUsedStep: null })).toEqual({ ok: false });
  });
});

describe("replay: a code whose step is at or before the last used step is refused", () => {
  const n = 50_000_000;
  const now = n * STEP_MS + 15_000;

  it("refuses the same code a second time, within its window", async () => {
    const first = await verifyTotp(RFC_SECRET, codeAt(n), { lastUsedStep: null, now });
    expect(first).toEqual({ ok: true, step: n });
    const lastUsedStep = first.ok ? first.step : null;
    expect(await verifyTotp(RFC_SECRET, codeAt(n), { lastUsedStep, now: now + 1_000 })).toEqual({ ok: false });
  });

  it("returns the step the code matched (not the current one), so an early code cannot be replayed", async () => {
    const ahead = await verifyTotp(RFC_SECRET, codeAt(n + 1), { lastUsedStep: null, now });
    expect(ahead).toEqual({ ok: true, step: n + 1 });
    const lastUsedStep = ahead.ok ? ahead.step : null;
    expect(await verifyTotp(RFC_SECRET, codeAt(n + 1), { lastUsedStep, now: now + STEP_MS })).toEqual({ ok: false });
  });

  it("refuses an older code still in the window once a later step was used; accepts the next step", async () => {
    expect(await verifyTotp(RFC_SECRET, codeAt(n - 1), { lastUsedStep: n, now })).toEqual({ ok: false });
    expect(await verifyTotp(RFC_SECRET, codeAt(n), { lastUsedStep: n, now })).toEqual({ ok: false });
    expect(await verifyTotp(RFC_SECRET, codeAt(n + 1), { lastUsedStep: n, now })).toEqual({ ok: true, step: n + 1 });
    expect(await verifyTotp(RFC_SECRET, codeAt(n), { lastUsedStep: n - 1, now })).toEqual({ ok: true, step: n });
  });

  it("refuses every code (without throwing) when the last used step is ahead of the clock's window", async () => {
    for (const step of [n - 1, n, n + 1]) {
      expect(await verifyTotp(RFC_SECRET, codeAt(step), { lastUsedStep: n + 5, now })).toEqual({ ok: false });
    }
  });

  it("refuses a last used step that is not a non-negative integer (a caller's bug, not a wrong code)", async () => {
    await expect(verifyTotp(RFC_SECRET, codeAt(n), { lastUsedStep: -1, now })).rejects.toThrow(TypeError);
    await expect(verifyTotp(RFC_SECRET, codeAt(n), { lastUsedStep: 1.5, now })).rejects.toThrow(TypeError);
  });
});

describe("what counts as a code", () => {
  const now = 59_000; // RFC vector: the code of step 1 is 287082

  it.each(["287 082", " 287082 ", "287\u00a0082", "28 70 82"])("accepts %j", async (code) => {
    expect(await verifyTotp(RFC_SECRET, code, { lastUsedStep: null, now })).toEqual({ ok: true, step: 1 });
  });

  // The library throws on each of these: refusing them first makes a typo a wrong code, not a server error.
  it.each(["", "28708", "2870821", "28708a", "287-082", "\uFF12\uFF18\uFF17\uFF10\uFF18\uFF12", "٢٨٧٠٨٢"])(
    "refuses %j as a wrong code, without throwing",
    async (code) => {
      expect(await verifyTotp(RFC_SECRET, code, { lastUsedStep: null, now })).toEqual({ ok: false });
    },
  );
});

describe("secrets and enrolment", () => {
  it("creates 20-byte base32 secrets that authenticator codes verify with", async () => {
    const secret = createTotpSecret();
    expect(secret.reveal()).toMatch(/^[A-Z2-7]{32}$/);
    expect(createTotpSecret().reveal()).not.toBe(secret.reveal());
    const key = Buffer.from(base32Decode(secret.reveal()));
    expect(await verifyTotp(secret, referenceCode(key, 1000), { lastUsedStep: null, now: 1000 * STEP_MS })).toEqual({
      ok: true,
      step: 1000,
    });
  });

  it("builds the otpauth:// URI with the issuer, the account label and the secret", () => {
    const uri = new URL(totpUri(RFC_SECRET, "ana.souza@example.com"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/Pix Ops:ana.souza@example.com");
    expect(uri.searchParams.get("issuer")).toBe("Pix Ops");
    expect(uri.searchParams.get("secret")).toBe(RFC_SECRET.reveal());
    const standards = { algorithm: "SHA1", digits: "6", period: "30" } as const;
    for (const [name, standard] of Object.entries(standards)) {
      expect([null, standard]).toContain(uri.searchParams.get(name));
    }
  });

  it("refuses a stored secret that is not base32 of at least 20 bytes", () => {
    expect(() => TotpSecret.fromBase32("JBSWY3DPEHPK3PXP")).toThrow(TypeError); // 10 bytes
    expect(() => TotpSecret.fromBase32("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJ1")).toThrow(TypeError);
    expect(TotpSecret.fromBase32("gezdgnbvgy3tqojqgezdgnbvgy3tqojq").reveal()).toBe(RFC_SECRET.reveal());
  });

  it("does not print: JSON, inspect, String, template literals, the logger and a structured clone", () => {
    const text = RFC_SECRET.reveal();
    const printed = [
      JSON.stringify({ secret: RFC_SECRET, enrolment: { factor: RFC_SECRET } }),
      inspect(RFC_SECRET),
      inspect({ factor: RFC_SECRET }, { showHidden: true, depth: 5 }),
      String(RFC_SECRET),
      `${RFC_SECRET}`,
      formatLine("info", "accounts.totp", { factor: RFC_SECRET }),
      JSON.stringify(structuredClone({ factor: RFC_SECRET })),
      JSON.stringify(Object.entries(RFC_SECRET)),
    ];
    for (const output of printed) expect(output).not.toContain(text);
    expect(JSON.stringify({ factor: RFC_SECRET })).toBe('{"factor":"[redacted]"}');
    expect(inspect(RFC_SECRET)).toBe("TotpSecret [redacted]");
    expect(String(RFC_SECRET)).toBe("[redacted]");
  });
});

function base32Decode(text: string): number[] {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  return (bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2));
}
