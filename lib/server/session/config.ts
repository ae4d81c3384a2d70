import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import {
  cachedConfig,
  deployment,
  ConfigError,
  isSandboxMode,
  resetConfigForTests,
  sessionSettings,
  type Env,
  type SessionSettings,
} from "@/lib/server/config";
import { parseSessionSettings } from "@/lib/server/config/sections";
import { log } from "@/lib/server/log";

export { ConfigError };

const MIN_SECRET_LENGTH = 32;

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

/** The session settings (lib/server/config), with the secrets loaded or generated; once per process. */
export function getSessionConfig(): SessionConfig {
  return cachedConfig("session.secrets", () => {
    const settings = sessionSettings();
    const secrets = loadSecrets(settings);
    const { all, newest } = ironPasswords(secrets);
    return {
      secrets,
      passwords: all,
      sealPassword: newest,
      idleTimeoutSeconds: settings.idleTimeoutSeconds,
      absoluteLifetimeSeconds: settings.absoluteLifetimeSeconds,
    };
  });
}

/** For tests that change the environment between cases (the whole configuration is read again). */
export function resetSessionConfigForTests(): void {
  resetConfigForTests();
}

/** A stable, non-revealing numeric id of a password (iron-session ids are numbers). */
function passwordId(password: string): string {
  return String(
    Number.parseInt(createHash("sha256").update(`pixops-session-id:${password}`).digest("hex").slice(0, 12), 16) + 1,
  );
}

/** iron-session password maps of `passwords` (newest first): all of them, to open; the newest alone, to seal. */
export function ironPasswords(passwords: readonly string[]): {
  all: Record<string, string>;
  newest: Record<string, string>;
} {
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
function loadSecrets(settings: SessionSettings): string[] {
  const secrets = [...settings.secrets];
  if (secrets.length > 0) {
    if (secrets.some((s) => s.length < MIN_SECRET_LENGTH)) {
      throw new ConfigError(`every SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    return secrets;
  }
  if (!isSandboxMode() && deployment().production) {
    throw new ConfigError("SESSION_SECRET is required when PAYMENTS_API_URL is set in production");
  }
  return [generatedSecret(settings)];
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(path.resolve(dir), file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** Folders that hold the ledger (and with it the sealed credentials): the generated secret must live elsewhere. */
function ledgerFolders(settings: SessionSettings): string[] {
  const folders = [settings.dataDir ?? path.join(process.cwd(), ".data")];
  if (settings.ledgerDir && !settings.ledgerDir.startsWith("memory://")) folders.push(settings.ledgerDir);
  return folders;
}

/**
 * Where the generated secret lives: SESSION_SECRET_FILE, or else the user's
 * configuration folder (`$XDG_CONFIG_HOME/pixops/session-secret`, by default
 * `~/.config/pixops/session-secret`) — never the data folder, so a copy of
 * `.data/` (ledger, sandbox state, backups of it) never holds the key to the
 * seals inside it. See docs/session.md ("Secrets").
 */
export function generatedSecretFile(env?: Env): string {
  const settings = env ? parseSessionSettings(env) : sessionSettings();
  if (settings.secretFile) return path.resolve(settings.secretFile);
  const configHome =
    settings.configHome && path.isAbsolute(settings.configHome) ? settings.configHome : path.join(homedir(), ".config");
  return path.join(configHome, "pixops", "session-secret");
}

/** Against the sandbox (or in development) a secret is generated once, outside the data folder, readable by this user only. */
function generatedSecret(settings: SessionSettings): string {
  const file = generatedSecretFile();
  const inside = ledgerFolders(settings).find((folder) => isInside(file, folder));
  if (inside) {
    throw new ConfigError(
      `the generated session secret would be written to ${file}, inside ${path.resolve(inside)} where the ledger and its sealed credentials live: point SESSION_SECRET_FILE elsewhere, or set SESSION_SECRET`,
    );
  }
  removeLegacySecret(settings);
  const existing = readSecretFile(file);
  if (existing) return existing;
  try {
    const dir = path.dirname(file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Our own folder (the default one) is made private even if it existed; a folder the administrator chose is left as it is.
    if (!settings.secretFile) chmodSync(dir, 0o700);
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
    if (stored === secret)
      log.warn("session.secret_generated", {
        file,
        note: "SESSION_SECRET is not set: fine for the sandbox and development only",
      });
    return stored;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(
      `could not create the session secret at ${file} (${(error as { code?: unknown }).code ?? "error"}): set SESSION_SECRET, or SESSION_SECRET_FILE to a writable place`,
    );
  }
}

/** The secret in `file`, made private if it was not; null when there is none yet. */
function readSecretFile(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return null;
    throw new ConfigError(
      `could not read the session secret at ${file} (${(error as { code?: unknown }).code ?? "error"}): set SESSION_SECRET, or SESSION_SECRET_FILE to a readable file`,
    );
  }
  if (text.length < MIN_SECRET_LENGTH)
    throw new ConfigError(
      `the session secret at ${file} is shorter than ${MIN_SECRET_LENGTH} characters: delete the file to generate a new one`,
    );
  if ((statSync(file).mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
    log.warn("session.secret_file_made_private", { file });
  }
  return text;
}

/** Earlier versions generated the secret into the data folder; it protects nothing now and must not sit next to the ledger. */
function removeLegacySecret(settings: SessionSettings): void {
  const legacy = path.join(settings.dataDir ?? path.join(process.cwd(), ".data"), "session-secret");
  try {
    statSync(legacy);
  } catch {
    return;
  }
  rmSync(legacy, { force: true });
  log.warn("session.legacy_secret_removed", {
    file: legacy,
    note: "an earlier version kept the generated secret in the data folder",
  });
}
