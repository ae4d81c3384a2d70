import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { isSandboxMode } from "@/lib/server/payments-api/config-public";
import { log } from "@/lib/server/log";

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

const optionalText = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().optional());
const secretEnvSchema = z.object({
  SESSION_SECRET: optionalText,
  SESSION_SECRET_FILE: optionalText,
  XDG_CONFIG_HOME: optionalText,
  DATA_DIR: optionalText,
  LEDGER_DIR: optionalText,
});
type SecretEnv = z.infer<typeof secretEnvSchema>;

function secretEnv(env: Readonly<Record<string, string | undefined>>): SecretEnv {
  const parsed = secretEnvSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${parsed.error.issues[0]?.path.join(".") ?? "session secret"}`);
  return parsed.data;
}

/**
 * SESSION_SECRET holds one or more secrets separated by commas, newest first:
 * new cookies are sealed with the first, cookies sealed with any of them still open.
 */
function loadSecrets(): string[] {
  const env = secretEnv(process.env);
  const secrets = env.SESSION_SECRET ? env.SESSION_SECRET.split(",").map((s) => s.trim()).filter(Boolean) : [];
  if (secrets.length > 0) {
    if (secrets.some((s) => s.length < MIN_SECRET_LENGTH)) {
      throw new ConfigError(`every SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    return secrets;
  }
  if (!isSandboxMode() && process.env.NODE_ENV === "production") {
    throw new ConfigError("SESSION_SECRET is required when PAYMENTS_API_URL is set in production");
  }
  return [generatedSecret(env)];
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(path.resolve(dir), file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** Folders that hold the ledger (and with it the sealed credentials): the generated secret must live elsewhere. */
function ledgerFolders(env: SecretEnv): string[] {
  const folders = [env.DATA_DIR ?? path.join(process.cwd(), ".data")];
  if (env.LEDGER_DIR && !env.LEDGER_DIR.startsWith("memory://")) folders.push(env.LEDGER_DIR);
  return folders;
}

/**
 * Where the generated secret lives: SESSION_SECRET_FILE, or else the user's
 * configuration folder (`$XDG_CONFIG_HOME/pixops/session-secret`, by default
 * `~/.config/pixops/session-secret`) — never the data folder, so a copy of
 * `.data/` (ledger, sandbox state, backups of it) never holds the key to the
 * seals inside it. See docs/session.md ("Secrets").
 */
export function generatedSecretFile(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const parsed = secretEnv(env);
  if (parsed.SESSION_SECRET_FILE) return path.resolve(parsed.SESSION_SECRET_FILE);
  const configHome = parsed.XDG_CONFIG_HOME && path.isAbsolute(parsed.XDG_CONFIG_HOME) ? parsed.XDG_CONFIG_HOME : path.join(homedir(), ".config");
  return path.join(configHome, "pixops", "session-secret");
}

/** Against the sandbox (or in development) a secret is generated once, outside the data folder, readable by this user only. */
function generatedSecret(env: SecretEnv): string {
  const file = generatedSecretFile(env);
  const inside = ledgerFolders(env).find((folder) => isInside(file, folder));
  if (inside) {
    throw new ConfigError(`the generated session secret would be written to ${file}, inside ${path.resolve(inside)} where the ledger and its sealed credentials live: point SESSION_SECRET_FILE elsewhere, or set SESSION_SECRET`);
  }
  removeLegacySecret(env);
  const existing = readSecretFile(file);
  if (existing) return existing;
  try {
    const dir = path.dirname(file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Our own folder (the default one) is made private even if it existed; a folder the administrator chose is left as it is.
    if (!env.SESSION_SECRET_FILE) chmodSync(dir, 0o700);
    const secret = randomBytes(32).toString("base64url");
    // Written whole under a temporary name, then linked into place: a concurrent start either wins or reads the winner's.
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    writeFileSync(temporary, secret, { mode: 0o600, flag: "wx" });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as { code?: unknown }).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(temporary);
    }
    const stored = readSecretFile(file);
    if (!stored) throw new Error("the file was written but could not be read back");
    if (stored === secret) log.warn("session.secret_generated", { file, note: "SESSION_SECRET is not set: fine for the sandbox and development only" });
    return stored;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`could not create the session secret at ${file} (${(error as { code?: unknown }).code ?? "error"}): set SESSION_SECRET, or SESSION_SECRET_FILE to a writable place`);
  }
}

/** The secret in `file`, made private if it was not; null when there is none yet. */
function readSecretFile(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return null;
    throw new ConfigError(`could not read the session secret at ${file} (${(error as { code?: unknown }).code ?? "error"}): set SESSION_SECRET, or SESSION_SECRET_FILE to a readable file`);
  }
  if (text.length < MIN_SECRET_LENGTH) throw new ConfigError(`the session secret at ${file} is shorter than ${MIN_SECRET_LENGTH} characters: delete the file to generate a new one`);
  if ((statSync(file).mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
    log.warn("session.secret_file_made_private", { file });
  }
  return text;
}

/** Earlier versions generated the secret into the data folder; it protects nothing now and must not sit next to the ledger. */
function removeLegacySecret(env: SecretEnv): void {
  const legacy = path.join(env.DATA_DIR ?? path.join(process.cwd(), ".data"), "session-secret");
  try {
    statSync(legacy);
  } catch {
    return;
  }
  rmSync(legacy, { force: true });
  log.warn("session.legacy_secret_removed", { file: legacy, note: "an earlier version kept the generated secret in the data folder" });
}
