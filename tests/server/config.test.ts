/**
 * The configuration module (lib/server/config): a bad value is refused with a
 * message naming the variable and never its value, bounds hold, defaults apply,
 * and the value is read once until resetConfigForTests().
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkAllConfig,
  ConfigError,
  CONFIG_VARIABLES,
  payoutSettings,
  resetConfigForTests,
} from "@/lib/server/config";
import { parseMailSettings } from "@/lib/server/config/mail";
import {
  parseLauncherSettings,
  parseLedgerSettings,
  parseLinkWatchSettings,
  parsePayoutSettings,
} from "@/lib/server/config/sections";
import { payoutPolicy } from "@/lib/server/services/payouts/policy";

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

function refusal(env: Record<string, string>): ConfigError {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  resetConfigForTests();
  try {
    checkAllConfig();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("the configuration was accepted");
}

describe("a bad value is refused, naming the variable", () => {
  it.each([
    ["RECONCILE_INTERVAL_MS", "0", /RECONCILE_INTERVAL_MS must be a whole number from 100 to 3600000/],
    ["RECONCILE_INTERVAL_MS", "abc", /RECONCILE_INTERVAL_MS must be a whole number/],
    ["RECONCILE_INTERVAL_MS", "1.5", /RECONCILE_INTERVAL_MS must be a whole number/],
    ["HOUSEKEEPING_INTERVAL_MS", "10", /HOUSEKEEPING_INTERVAL_MS must be a whole number from 1000/],
    ["PAYMENTS_DEADLINE_MS", "0", /PAYMENTS_DEADLINE_MS must be a whole number from 100/],
    ["PAYMENTS_MAX_ATTEMPTS", "many", /PAYMENTS_MAX_ATTEMPTS must be a whole number from 1 to 10/],
    ["SIGN_IN_LIMIT_TOTAL", "-1", /SIGN_IN_LIMIT_TOTAL must be a whole number/],
    ["SESSION_IDLE_TIMEOUT_SECONDS", "forever", /SESSION_IDLE_TIMEOUT_SECONDS must be a whole number/],
    ["RECONCILER", "maybe", /RECONCILER must be on or off/],
    ["SANDBOX_PORT", "99999", /SANDBOX_PORT must be a TCP port/],
    ["LEDGER_LOCK_HEARTBEAT_MS", "0", /LEDGER_LOCK_HEARTBEAT_MS must be a whole number from 10 to 60000/],
    ["LEDGER_LOCK_STALE_MS", "10000", /LEDGER_LOCK_STALE_MS must be at least 3 times LEDGER_LOCK_HEARTBEAT_MS/],
    ["LINK_WATCH_INTERVAL_MS", "30000", /LINK_WATCH_INTERVAL_MS must be 0 \(no watcher\) or at least 60000/],
    ["LINK_WATCH_INTERVAL_MS", "-1", /LINK_WATCH_INTERVAL_MS must be a whole number from 0/],
  ])("%s=%s", (name, value, message) => {
    const error = refusal({ [name]: value });
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(`"${value}"`);
  });

  it("never echoes the value, which may be a secret", () => {
    const error = refusal({
      PAYMENTS_API_URL: "https://user:s3cret-token@api.example.com",
      SESSION_SECRET: "x".repeat(40),
    });
    expect(error.message).toMatch(/PAYMENTS_API_URL must not contain credentials/);
    expect(error.message).not.toContain("s3cret-token");
    vi.unstubAllEnvs();
    const origin = refusal({ APP_ORIGIN: "https://admin:hunter22@dash.example.com/path" });
    expect(origin.message).toMatch(/APP_ORIGIN must be/);
    expect(origin.message).not.toContain("hunter22");
  });

  it("the link-counter watcher: every 15 minutes by default, 0 turns it off (the insights' tolerance stays 2 × 15 min)", () => {
    expect(parseLinkWatchSettings({})).toEqual({ intervalMs: 900_000, cadenceMs: 900_000 });
    expect(parseLinkWatchSettings({ LINK_WATCH_INTERVAL_MS: "0" })).toEqual({ intervalMs: null, cadenceMs: 900_000 });
    expect(parseLinkWatchSettings({ LINK_WATCH_INTERVAL_MS: "300000" })).toEqual({
      intervalMs: 300_000,
      cadenceMs: 300_000,
    });
  });

  it("the reconciler can no longer be set to fire every millisecond", () => {
    expect(() => parsePayoutSettings({ RECONCILE_INTERVAL_MS: "1" })).toThrow(/RECONCILE_INTERVAL_MS/);
    expect(() => payoutPolicy({ RECONCILE_INTERVAL_MS: "1" })).toThrow(ConfigError);
  });

  it("the folder lock's timing: defaults, and a small heartbeat with a staleness limit to match", () => {
    expect(parseLedgerSettings({}).lock).toEqual({ heartbeatMs: 5_000, staleMs: 30_000 });
    expect(parseLedgerSettings({ LEDGER_LOCK_HEARTBEAT_MS: "50", LEDGER_LOCK_STALE_MS: "150" }).lock).toEqual({
      heartbeatMs: 50,
      staleMs: 150,
    });
  });

  it("the launcher's settings are checked the same way", () => {
    expect(() => parseLauncherSettings({ SANDBOX_RESET: "yes" })).toThrow(/SANDBOX_RESET must be 1/);
    expect(parseLauncherSettings({})).toEqual({
      paymentsApiUrl: undefined,
      sandboxPort: 4010,
      dataDir: ".data",
      sandboxReset: false,
    });
  });
});

describe("the SMTP server (invitations by e-mail)", () => {
  const FROM = "Pix Ops <no-reply@example.com>";

  it("unset: nothing is sent; SMTP_FROM alone changes nothing", () => {
    expect(parseMailSettings({})).toEqual({ smtp: null, from: null, timeoutMs: 10_000 });
    expect(parseMailSettings({ SMTP_URL: " ", SMTP_FROM: FROM }).smtp).toBeNull();
  });

  it("SMTP_URL without SMTP_FROM is refused at start, saying what to set", () => {
    const error = refusal({ SMTP_URL: "smtp://mailer:hunter22@mail.example.com" });
    expect(error.message).toMatch(/SMTP_URL is set but SMTP_FROM is not: set SMTP_FROM/);
    expect(error.message).not.toContain("hunter22");
  });

  it.each([
    ["http://mail.example.com", /SMTP_URL must be smtp:\/\/host/],
    ["mail.example.com:587", /SMTP_URL must be smtp:\/\/host/],
    ["smtp://mailer:hunter22@mail.example.com/path", /SMTP_URL must be smtp:\/\/host/],
    ["smtps://mailer:hunter22@mail.example.com?pool=true", /SMTP_URL must be smtp:\/\/host/],
    ["smtp://mailer:hunter22@mail.example.com:0", /SMTP_URL must be smtp:\/\/host/],
    ["smtp://mailer@mail.example.com", /SMTP_URL: give both a user and a password/],
    ["smtp://mailer:hunter22%zz@mail.example.com", /SMTP_URL: the user or password is not valid percent-encoding/],
  ])("SMTP_URL=%s is refused without echoing it", (url, message) => {
    const error = refusal({ SMTP_URL: url, SMTP_FROM: FROM });
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain("hunter22");
    expect(error.message).not.toContain("mail.example.com");
  });

  it.each(["no-reply", "no-reply@example", "Pix Ops <no-reply@example.com", "a@example.com, b@example.com"])(
    "SMTP_FROM=%s is refused",
    (from) => {
      expect(refusal({ SMTP_URL: "smtp://mail.example.com", SMTP_FROM: from }).message).toMatch(
        /SMTP_FROM must be an e-mail address/,
      );
    },
  );

  it("a valid URL gives its parts: default ports, TLS for smtps, the decoded user and password", () => {
    expect(parseMailSettings({ SMTP_URL: "smtp://mail.example.com", SMTP_FROM: "no-reply@example.com" })).toEqual({
      smtp: { host: "mail.example.com", port: 587, secure: false, requireTls: true, auth: null },
      from: "no-reply@example.com",
      timeoutMs: 10_000,
    });
    expect(
      parseMailSettings({
        SMTP_URL: "smtps://apikey:p%40ss%3Aw0rd@smtp.example.com:2465/",
        SMTP_FROM: FROM,
        SMTP_TIMEOUT_MS: "2500",
      }),
    ).toEqual({
      smtp: {
        host: "smtp.example.com",
        port: 2465,
        secure: true,
        requireTls: false,
        auth: { user: "apikey", password: "p@ss:w0rd" },
      },
      from: FROM,
      timeoutMs: 2_500,
    });
    expect(parseMailSettings({ SMTP_URL: "smtps://smtp.example.com", SMTP_FROM: FROM }).smtp?.port).toBe(465);
    expect(() => parseMailSettings({ SMTP_TIMEOUT_MS: "0" })).toThrow(/SMTP_TIMEOUT_MS must be a whole number/);
  });

  it.each([
    ["smtp://mail.example.com", true],
    ["smtp://10.0.0.5:25", true],
    ["smtp://[2001:db8::1]:25", true],
    ["smtp://localhost:25", false],
    ["smtp://127.0.0.1:2525", false],
    ["smtp://[::1]:25", false],
    ["smtps://mail.example.com", false],
  ])("%s: STARTTLS required = %s (plain SMTP only to a relay on this machine)", (url, required) => {
    const smtp = parseMailSettings({ SMTP_URL: url, SMTP_FROM: FROM }).smtp;
    expect(smtp?.requireTls).toBe(required);
    expect(smtp?.host).not.toMatch(/[[\]]/);
  });
});

describe("defaults and caching", () => {
  it("an unset or blank variable takes the documented default", () => {
    const defaults = new Map(CONFIG_VARIABLES.map((v) => [v.name, v.default]));
    expect(parsePayoutSettings({}).RECONCILE_INTERVAL_MS).toBe(defaults.get("RECONCILE_INTERVAL_MS"));
    expect(parsePayoutSettings({ RECONCILE_INTERVAL_MS: " " }).RECONCILE_INTERVAL_MS).toBe(
      defaults.get("RECONCILE_INTERVAL_MS"),
    );
    expect(payoutPolicy({}).reconcileIntervalMs).toBe(15_000);
  });

  it("is read once: a change of the environment counts after resetConfigForTests()", () => {
    vi.stubEnv("RECONCILE_INTERVAL_MS", "2000");
    resetConfigForTests();
    expect(payoutSettings().RECONCILE_INTERVAL_MS).toBe(2000);
    vi.stubEnv("RECONCILE_INTERVAL_MS", "3000");
    expect(payoutSettings().RECONCILE_INTERVAL_MS).toBe(2000);
    resetConfigForTests();
    expect(payoutSettings().RECONCILE_INTERVAL_MS).toBe(3000);
  });

  it("lists every variable once", () => {
    const names = CONFIG_VARIABLES.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
