import "server-only";
import { randomBytes } from "node:crypto";
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
  /** iron-session password map: the highest id seals, every id unseals (rotation). */
  passwords: Record<string, string>;
  idleTimeoutSeconds: number;
  absoluteLifetimeSeconds: number;
}

let cached: SessionConfig | null = null;

export function getSessionConfig(): SessionConfig {
  if (!cached) {
    cached = {
      passwords: loadPasswords(),
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

/**
 * SESSION_SECRET holds one or more secrets separated by commas, newest first:
 * new cookies are sealed with the first, cookies sealed with any of them still open.
 */
function loadPasswords(): Record<string, string> {
  const raw = process.env.SESSION_SECRET?.trim();
  if (raw) {
    const secrets = raw.split(",").map((s) => s.trim()).filter(Boolean);
    if (secrets.some((s) => s.length < MIN_SECRET_LENGTH)) {
      throw new ConfigError(`every SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    // Newest first in the variable; iron-session seals with the highest id.
    return Object.fromEntries(secrets.map((secret, i) => [String(secrets.length - i), secret]));
  }
  if (!isSandboxMode() && process.env.NODE_ENV === "production") {
    throw new ConfigError("SESSION_SECRET is required when PAYMENTS_API_URL is set in production");
  }
  return { "1": generatedSecret() };
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
