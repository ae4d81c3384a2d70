/**
 * The vault's settings: CREDENTIAL_KEYS (a key ring of its own, validated like
 * SESSION_SECRET, required in production with a real API, generated in the
 * sandbox/development outside the data folders) and the credentials a
 * deployment provisions from the environment.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkAllConfig, ConfigError, resetConfigForTests } from "@/lib/server/config";
import { credentialKeyRing, credentialKeysFile, provisionedCredentials } from "@/lib/server/security/credential-vault";
import { captureLogs, type CapturedLogs } from "../helpers/logs";

const KEY_A = "vault-key-a-0123456789-abcdefghijklmnopqrs";
const KEY_B = "vault-key-b-0123456789-abcdefghijklmnopqrs";
const BUSINESS = "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f";
const REAL_PRODUCTION = { NODE_ENV: "production", PAYMENTS_API_URL: "https://api.payments.example.invalid" };

let root = "";
let logs: CapturedLogs | null = null;

/** A clean environment rooted in a temporary folder (sandbox mode unless `extra` says otherwise). */
function environment(extra: Record<string, string | undefined> = {}): void {
  const values: Record<string, string | undefined> = {
    NODE_ENV: "test",
    PAYMENTS_API_URL: undefined,
    SESSION_SECRET: undefined,
    CREDENTIAL_KEYS: undefined,
    CREDENTIAL_KEYS_FILE: undefined,
    PAYMENTS_API_KEY: undefined,
    PAYMENTS_API_KEY_FILE: undefined,
    PAYMENTS_ACCESS_TOKEN: undefined,
    PAYMENTS_ACCESS_TOKEN_FILE: undefined,
    PAYMENTS_BUSINESS_ID: undefined,
    PAYMENTS_API_KEY_SHA256: undefined,
    XDG_CONFIG_HOME: path.join(root, "config"),
    DATA_DIR: path.join(root, "data"),
    LEDGER_DIR: path.join(root, "data", "ledger"),
    ...extra,
  };
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  resetConfigForTests();
}

function configError(read: () => unknown): ConfigError {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("the configuration was accepted");
}

const mode = (file: string) => statSync(file).mode & 0o777;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "pixops-vault-config-"));
  logs = captureLogs();
});
afterEach(() => {
  logs?.restore();
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe("CREDENTIAL_KEYS", () => {
  it("is a ring of id:secret, newest first", () => {
    environment({ CREDENTIAL_KEYS: ` k2 : ${KEY_B} , k1:${KEY_A}` });
    checkAllConfig();
    const ring = credentialKeyRing();
    expect(ring.newest).toEqual({ id: "k2", secret: KEY_B });
    expect([...ring.byId.keys()]).toEqual(["k2", "k1"]);
    // Nothing generated when it is set.
    expect(existsSync(path.join(root, "config"))).toBe(false);
  });

  it.each([
    ["a secret under 32 characters", `k1:${"x".repeat(31)}`, /secret of key k1 must be at least 32 characters/],
    ["no id", KEY_A, /entry 1 must be id:secret/],
    ["an empty id", `:${KEY_A}`, /entry 1 must be id:secret/],
    ["an id with spaces", `my key:${KEY_A}`, /entry 1 must be id:secret/],
    ["the second entry malformed", `k2:${KEY_B},${KEY_A}`, /entry 2 must be id:secret/],
    ["an id twice", `k1:${KEY_B},k1:${KEY_A}`, /names the key id k1 twice/],
    ["only commas", ",,", /holds no key/],
  ])("refuses %s, naming the variable and never the value", (_label, value, why) => {
    environment({ CREDENTIAL_KEYS: value });
    const error = configError(() => checkAllConfig());
    expect(error.message).toMatch(/^CREDENTIAL_KEYS/);
    expect(error.message).toMatch(why);
    expect(error.message).not.toContain(KEY_A);
    expect(error.message).not.toContain(KEY_B);
  });

  it("refuses a secret that is also a SESSION_SECRET: the vault's key must be its own", () => {
    environment({ SESSION_SECRET: `${KEY_B},${KEY_A}`, CREDENTIAL_KEYS: `k1:${KEY_A}` });
    const error = configError(() => checkAllConfig());
    expect(error.message).toMatch(/CREDENTIAL_KEYS: key k1 reuses a SESSION_SECRET/);
    expect(error.message).not.toContain(KEY_A);
  });

  it("refuses CREDENTIAL_KEYS and CREDENTIAL_KEYS_FILE together", () => {
    environment({ CREDENTIAL_KEYS: `k1:${KEY_A}`, CREDENTIAL_KEYS_FILE: path.join(root, "keys") });
    expect(configError(() => checkAllConfig()).message).toMatch(/both set/);
  });

  it("is required in production with a real API: a ConfigError naming CREDENTIAL_KEYS", () => {
    environment(REAL_PRODUCTION);
    expect(configError(() => credentialKeyRing()).message).toMatch(
      /^CREDENTIAL_KEYS is required when PAYMENTS_API_URL/,
    );
    // Nothing was generated instead.
    expect(existsSync(path.join(root, "config"))).toBe(false);
  });

  it("in production with a real API, CREDENTIAL_KEYS_FILE may hold it; a missing or bad file is a ConfigError", () => {
    const file = path.join(root, "secrets", "credential-keys");
    environment({ ...REAL_PRODUCTION, CREDENTIAL_KEYS_FILE: file });
    expect(configError(() => credentialKeyRing()).message).toMatch(
      /CREDENTIAL_KEYS_FILE names .* which does not exist/,
    );
    mkdirSync(path.dirname(file));
    writeFileSync(file, `k1:short\n`);
    environment({ ...REAL_PRODUCTION, CREDENTIAL_KEYS_FILE: file });
    expect(configError(() => credentialKeyRing()).message).toMatch(/secret of key k1 must be at least 32/);
    writeFileSync(file, `k2:${KEY_B}\nk1:${KEY_A}\n`);
    environment({ ...REAL_PRODUCTION, CREDENTIAL_KEYS_FILE: file });
    expect(credentialKeyRing().newest.id).toBe("k2");
    expect(credentialKeyRing().byId.get("k1")?.secret).toBe(KEY_A);
  });

  it("against the sandbox, is generated once into $XDG_CONFIG_HOME/pixops/credential-keys (0600, folder 0700), outside the data folder", () => {
    environment();
    const ring = credentialKeyRing();
    const file = path.join(root, "config", "pixops", "credential-keys");
    expect(credentialKeysFile()).toBe(file);
    expect(readFileSync(file, "utf8")).toBe(`${ring.newest.id}:${ring.newest.secret}`);
    expect(ring.newest.secret.length).toBeGreaterThanOrEqual(32);
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
    expect(existsSync(path.join(root, "data"))).toBe(false);

    resetConfigForTests();
    expect(credentialKeyRing().newest).toEqual(ring.newest);
    const generated = logs?.stderr.filter((l) => l.event === "credential_keys.generated") ?? [];
    expect(generated).toHaveLength(1);
    expect(generated[0]?.file).toBe(file);
    expect(logs?.text()).not.toContain(ring.newest.secret);
  });

  it("is generated in development too, and never inside DATA_DIR or LEDGER_DIR", () => {
    environment({ ...REAL_PRODUCTION, NODE_ENV: "development" });
    expect(credentialKeyRing().newest.secret.length).toBeGreaterThanOrEqual(32);

    environment({ CREDENTIAL_KEYS_FILE: path.join(root, "data", "credential-keys") });
    expect(configError(() => credentialKeyRing()).message).toMatch(
      /inside .* where the ledger and its sealed credentials live: point CREDENTIAL_KEYS_FILE elsewhere, or set CREDENTIAL_KEYS/,
    );
    environment({
      CREDENTIAL_KEYS_FILE: path.join(root, "ledger-elsewhere", "keys"),
      LEDGER_DIR: path.join(root, "ledger-elsewhere"),
    });
    expect(() => credentialKeyRing()).toThrow(ConfigError);
    expect(existsSync(path.join(root, "data"))).toBe(false);
    expect(existsSync(path.join(root, "ledger-elsewhere"))).toBe(false);
  });

  it("makes an existing key file private; a malformed one is a ConfigError naming the file", () => {
    const file = path.join(root, "config", "pixops", "credential-keys");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `k1:${KEY_A}`);
    chmodSync(file, 0o644);
    environment();
    expect(credentialKeyRing().newest).toEqual({ id: "k1", secret: KEY_A });
    expect(mode(file)).toBe(0o600);

    writeFileSync(file, "not a key ring");
    environment();
    const error = configError(() => credentialKeyRing());
    expect(error.message).toMatch(/the credential key ring at .*credential-keys: entry 1 must be id:secret/);
    expect(error.message).not.toContain("not a key ring");
  });
});

describe("credentials provisioned by the environment", () => {
  it("PAYMENTS_API_KEY and PAYMENTS_ACCESS_TOKEN, for PAYMENTS_BUSINESS_ID (normalised)", () => {
    environment({
      PAYMENTS_API_KEY: "sk_env_key_0123456789",
      PAYMENTS_ACCESS_TOKEN: "at_env_token_0123456789",
      PAYMENTS_BUSINESS_ID: BUSINESS.toUpperCase(),
    });
    checkAllConfig();
    const provisioned = provisionedCredentials();
    expect(provisioned?.businessId).toBe(BUSINESS);
    expect(provisioned?.credentials.api_key?.reveal()).toBe("sk_env_key_0123456789");
    expect(provisioned?.credentials.bearer?.reveal()).toBe("at_env_token_0123456789");
  });

  it("reads the _FILE forms (trimmed); none provisioned is null", () => {
    const file = path.join(root, "api-key");
    writeFileSync(file, "sk_from_a_file_0123456789\n");
    environment({ PAYMENTS_API_KEY_FILE: file, PAYMENTS_BUSINESS_ID: BUSINESS });
    expect(provisionedCredentials()?.credentials.api_key?.reveal()).toBe("sk_from_a_file_0123456789");
    expect(provisionedCredentials()?.credentials.bearer).toBeUndefined();
    environment();
    expect(provisionedCredentials()).toBeNull();
  });

  it.each([
    [
      "a key without PAYMENTS_BUSINESS_ID",
      { PAYMENTS_API_KEY: "sk_env_key_0123456789" },
      /PAYMENTS_API_KEY is the credential of one business: set PAYMENTS_BUSINESS_ID/,
    ],
    [
      "a token without PAYMENTS_BUSINESS_ID",
      { PAYMENTS_ACCESS_TOKEN: "at_env_token_0123456789" },
      /PAYMENTS_ACCESS_TOKEN is the credential of one business/,
    ],
    [
      "a key both inline and in a file",
      { PAYMENTS_API_KEY: "sk_env_key_0123456789", PAYMENTS_API_KEY_FILE: "/x", PAYMENTS_BUSINESS_ID: BUSINESS },
      /PAYMENTS_API_KEY and PAYMENTS_API_KEY_FILE are both set/,
    ],
  ])("refuses %s at start-up", (_label, env, why) => {
    environment(env);
    const error = configError(() => checkAllConfig());
    expect(error.message).toMatch(why);
    expect(error.message).not.toContain("sk_env_key_0123456789");
  });

  it("a file that cannot be read or is empty, or a key PAYMENTS_API_KEY_SHA256 does not list, is a ConfigError", () => {
    environment({ PAYMENTS_API_KEY_FILE: path.join(root, "missing"), PAYMENTS_BUSINESS_ID: BUSINESS });
    expect(configError(() => provisionedCredentials()).message).toMatch(
      /PAYMENTS_API_KEY_FILE names .* could not be read \(ENOENT\)/,
    );
    writeFileSync(path.join(root, "empty"), "\n");
    environment({ PAYMENTS_ACCESS_TOKEN_FILE: path.join(root, "empty"), PAYMENTS_BUSINESS_ID: BUSINESS });
    expect(configError(() => provisionedCredentials()).message).toMatch(/PAYMENTS_ACCESS_TOKEN_FILE names .* empty/);
    environment({
      PAYMENTS_API_KEY: "sk_env_key_0123456789",
      PAYMENTS_BUSINESS_ID: BUSINESS,
      PAYMENTS_API_KEY_SHA256: "0".repeat(64),
    });
    const error = configError(() => provisionedCredentials());
    expect(error.message).toMatch(/PAYMENTS_API_KEY is not one of the keys PAYMENTS_API_KEY_SHA256 lists/);
    expect(error.message).not.toContain("sk_env_key_0123456789");
  });
});
