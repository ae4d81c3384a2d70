import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isSandboxMode } from "@/lib/payments/config-public";
import { dataDir } from "@/lib/server/data-dir";

export class ConfigError extends Error {
  override name = "ConfigError";
}

const MIN_SECRET_LENGTH = 32;

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive number of seconds`);
  return value;
}

export interface SessionConfig {
  /** Every secret, newest first (purpose keys such as the intent seal's are derived from them). */
  secrets: readonly string[];
  /**
   * iron-session password map of every secret, to unseal (rotation). Ids come
   * from the secrets themselves, so a secret keeps its id when others are added
   * or retired (positional ids would change and orphan every cookie).
   */
  passwords: Record<string, string>;
  /** The newest secret alone: what new seals use. */
  sealPassword: Record<string, string>;
  idleTimeoutSeconds: number;
  absoluteLifetimeSeconds: number;
}

let cached: SessionConfig | null = null;

export function getSessionConfig(): SessionConfig {
  if (!cached) {
    const secrets = loadSecrets();
    const { all, newest } = ironPasswords(secrets);
    cached = {
      secrets,
      passwords: all,
      sealPassword: newest,
      idleTimeoutSeconds: seconds("SESSION_IDLE_TIMEOUT_SECONDS", 30 * 60),
      absoluteLifetimeSeconds: seconds("SESSION_MAX_AGE_SECONDS", 12 * 60 * 60),
    };
  }
  return cached;
}

/** For tests that change the environment between cases. */
export function resetSessionConfigForTests(): void {
  cached = null;
}

/** A stable, non-revealing numeric id of a password (iron-session ids are numbers). */
function passwordId(password: string): string {
  return String(Number.parseInt(createHash("sha256").update(`pixops-session-id:${password}`).digest("hex").slice(0, 12), 16) + 1);
}

/** iron-session password maps of `passwords` (newest first): all of them, to open; the newest alone, to seal. */
export function ironPasswords(passwords: readonly string[]): { all: Record<string, string>; newest: Record<string, string> } {
  const newest = passwords[0] ?? "";
  return {
    all: Object.fromEntries(passwords.map((password) => [passwordId(password), password])),
    newest: { [passwordId(newest)]: newest },
  };
}

/**
 * SESSION_SECRET holds one or more secrets separated by commas, newest first:
 * new cookies are sealed with the first, cookies sealed with any of them still open.
 */
function loadSecrets(): string[] {
  const raw = process.env.SESSION_SECRET?.trim();
  const secrets = raw ? raw.split(",").map((s) => s.trim()).filter(Boolean) : [];
  if (secrets.length > 0) {
    if (secrets.some((s) => s.length < MIN_SECRET_LENGTH)) {
      throw new ConfigError(`every SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    return secrets;
  }
  if (!isSandboxMode() && process.env.NODE_ENV === "production") {
    throw new ConfigError("SESSION_SECRET is required when PAYMENTS_API_URL is set in production");
  }
  return [generatedSecret()];
}

/** Against the sandbox (or in development) a secret is generated once and kept under .data/. */
function generatedSecret(): string {
  const file = path.join(dataDir(), "session-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= MIN_SECRET_LENGTH) return existing;
  } catch {
    // Not there yet: generate below.
  }
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  console.warn(`[session] SESSION_SECRET is not set: generated one in ${file} (fine for the sandbox and development only).`);
  return secret;
}
