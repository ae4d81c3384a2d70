/**
 * Where the sandbox/development session secret is generated: outside the data
 * folder that holds the ledger (and the seals it protects), private to the user.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ConfigError,
  generatedSecretFile,
  getSessionConfig,
  resetSessionConfigForTests,
} from "@/lib/server/session/config";
import { captureLogs, type CapturedLogs } from "../helpers/logs";

let root = "";
let logs: CapturedLogs | null = null;

/** A clean sandbox-mode environment without SESSION_SECRET, rooted in a temporary folder. */
function environment(extra: Record<string, string | undefined> = {}): void {
  const values: Record<string, string | undefined> = {
    PAYMENTS_API_URL: undefined,
    SESSION_SECRET: undefined,
    SESSION_SECRET_FILE: undefined,
    XDG_CONFIG_HOME: path.join(root, "config"),
    DATA_DIR: path.join(root, "data"),
    LEDGER_DIR: path.join(root, "data", "ledger"),
    ...extra,
  };
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  resetSessionConfigForTests();
}

const mode = (file: string) => statSync(file).mode & 0o777;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "pixops-secret-"));
  logs = captureLogs();
});
afterEach(() => {
  logs?.restore();
  vi.unstubAllEnvs();
  resetSessionConfigForTests();
});

describe("the generated session secret", () => {
  it("goes to $XDG_CONFIG_HOME/pixops/session-secret (0600, folder 0700), never into DATA_DIR, and is kept across restarts", () => {
    environment();
    const [secret] = getSessionConfig().secrets;
    const file = path.join(root, "config", "pixops", "session-secret");
    expect(readFileSync(file, "utf8")).toBe(secret);
    expect(secret?.length).toBeGreaterThanOrEqual(32);
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
    expect(existsSync(path.join(root, "data"))).toBe(false);
    // No temporary file left behind.
    expect(readdirSync(path.dirname(file))).toEqual(["session-secret"]);

    resetSessionConfigForTests();
    expect(getSessionConfig().secrets).toEqual([secret]);
    // Said once, with where — never what.
    const generated = logs?.stderr.filter((l) => l.event === "session.secret_generated") ?? [];
    expect(generated).toHaveLength(1);
    expect(generated[0]?.file).toBe(file);
    expect(logs?.text()).not.toContain(secret);
  });

  it("defaults to ~/.config/pixops/session-secret; a relative XDG_CONFIG_HOME is ignored (XDG spec)", () => {
    expect(generatedSecretFile({})).toBe(path.join(homedir(), ".config", "pixops", "session-secret"));
    expect(generatedSecretFile({ XDG_CONFIG_HOME: "relative/dir" })).toBe(
      path.join(homedir(), ".config", "pixops", "session-secret"),
    );
    expect(generatedSecretFile({ XDG_CONFIG_HOME: "/etc/xdg-test" })).toBe(
      path.join("/etc/xdg-test", "pixops", "session-secret"),
    );
  });

  it("SESSION_SECRET_FILE chooses the file", () => {
    const file = path.join(root, "elsewhere", "secret");
    environment({ SESSION_SECRET_FILE: file });
    const [secret] = getSessionConfig().secrets;
    expect(readFileSync(file, "utf8")).toBe(secret);
    expect(mode(file)).toBe(0o600);
  });

  it("is refused inside DATA_DIR or LEDGER_DIR, where the ledger and its seals live", () => {
    environment({ SESSION_SECRET_FILE: path.join(root, "data", "session-secret") });
    expect(() => getSessionConfig()).toThrow(ConfigError);
    environment({
      SESSION_SECRET_FILE: path.join(root, "ledger-elsewhere", "secret"),
      LEDGER_DIR: path.join(root, "ledger-elsewhere"),
    });
    expect(() => getSessionConfig()).toThrow(/where the ledger and its sealed credentials live/);
    // The default DATA_DIR is ./.data.
    environment({ DATA_DIR: undefined, SESSION_SECRET_FILE: path.join(process.cwd(), ".data", "nested", "secret") });
    expect(() => getSessionConfig()).toThrow(ConfigError);
  });

  it("removes the secret earlier versions generated into DATA_DIR", () => {
    environment();
    mkdirSync(path.join(root, "data"));
    writeFileSync(path.join(root, "data", "session-secret"), "an-old-generated-secret-0123456789-abcdef");
    const [secret] = getSessionConfig().secrets;
    expect(secret).not.toBe("an-old-generated-secret-0123456789-abcdef");
    expect(existsSync(path.join(root, "data", "session-secret"))).toBe(false);
    expect(logs?.stderr.some((l) => l.event === "session.legacy_secret_removed")).toBe(true);
  });

  it("makes an existing file readable by its owner only", () => {
    const file = path.join(root, "config", "pixops", "session-secret");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "an-existing-secret-0123456789-abcdefghij");
    chmodSync(file, 0o644);
    environment();
    expect(getSessionConfig().secrets).toEqual(["an-existing-secret-0123456789-abcdefghij"]);
    expect(mode(file)).toBe(0o600);
  });

  it("a file too short to be a secret, or a place it cannot be written, is a ConfigError naming the way out", () => {
    const file = path.join(root, "config", "pixops", "session-secret");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "short");
    environment();
    expect(() => getSessionConfig()).toThrow(/shorter than 32/);

    writeFileSync(path.join(root, "a-file"), "not a folder");
    environment({ SESSION_SECRET_FILE: path.join(root, "a-file", "secret") });
    expect(() => getSessionConfig()).toThrow(/set SESSION_SECRET/);
  });

  it("with SESSION_SECRET set, nothing is generated or written", () => {
    environment({ SESSION_SECRET: "an-explicit-secret-0123456789-abcdefghij" });
    expect(getSessionConfig().secrets).toEqual(["an-explicit-secret-0123456789-abcdefghij"]);
    expect(existsSync(path.join(root, "config"))).toBe(false);
  });
});
