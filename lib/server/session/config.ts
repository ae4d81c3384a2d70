import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { rmSync, statSync } from "node:fs";
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
import {
  ledgerFolders,
  readOrCreateSecretFile,
  refuseInsideLedgerFolders,
  userConfigFile,
  type SecretFileRules,
} from "@/lib/server/security/secret-file";

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

const SESSION_SECRET_RULES: SecretFileRules = {
  label: "session secret",
  variable: "SESSION_SECRET",
  fileVariable: "SESSION_SECRET_FILE",
  events: { generated: "session.secret_generated", madePrivate: "session.secret_file_made_private" },
  generatedNote: "SESSION_SECRET is not set: fine for the sandbox and development only",
  problem: (text, file) =>
    text.length < MIN_SECRET_LENGTH
      ? `the session secret at ${file} is shorter than ${MIN_SECRET_LENGTH} characters: delete the file to generate a new one`
      : null,
  generate: () => randomBytes(32).toString("base64url"),
};

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
  return userConfigFile(settings.configHome, "session-secret");
}

/** Against the sandbox (or in development) a secret is generated once, outside the data folder, readable by this user only. */
function generatedSecret(settings: SessionSettings): string {
  const file = generatedSecretFile();
  refuseInsideLedgerFolders(file, ledgerFolders(settings), SESSION_SECRET_RULES);
  removeLegacySecret(settings);
  return readOrCreateSecretFile(file, SESSION_SECRET_RULES, { ownFolder: !settings.secretFile });
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
