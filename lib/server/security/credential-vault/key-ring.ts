import "server-only";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { cachedConfig, ConfigError, credentialSettings, deployment, isSandboxMode } from "@/lib/server/config";
import { parseKeyRing, type CredentialKey } from "@/lib/server/config/credentials";
import {
  ledgerFolders,
  readOrCreateSecretFile,
  readSecretFile,
  refuseInsideLedgerFolders,
  userConfigFile,
  type SecretFileRules,
} from "@/lib/server/security/secret-file";

/** The vault's keys: new encryptions use `newest`, decryption picks by id. */
export interface KeyRing {
  newest: CredentialKey;
  byId: ReadonlyMap<string, CredentialKey>;
}

/** A key ring of `keys`, newest first. */
export function keyRingOf(keys: readonly CredentialKey[]): KeyRing {
  const [newest] = keys;
  if (!newest) throw new ConfigError("the credential key ring is empty: set CREDENTIAL_KEYS");
  return { newest, byId: new Map(keys.map((key) => [key.id, key])) };
}

const KEY_FILE_RULES: SecretFileRules = {
  label: "credential key ring",
  variable: "CREDENTIAL_KEYS",
  fileVariable: "CREDENTIAL_KEYS_FILE",
  events: { generated: "credential_keys.generated", madePrivate: "credential_keys.file_made_private" },
  generatedNote: "CREDENTIAL_KEYS is not set: fine for the sandbox and development only",
  problem: (text, file) => {
    try {
      parseKeyRing(text, `the credential key ring at ${file}`);
      return null;
    } catch (error) {
      return error instanceof ConfigError ? error.message : "the credential key ring could not be read";
    }
  },
  generate: () => `local-${randomBytes(4).toString("hex")}:${randomBytes(32).toString("base64url")}`,
};

/**
 * The vault's key ring, once per process: CREDENTIAL_KEYS; else the file
 * CREDENTIAL_KEYS_FILE names. In production with a real API one of them is
 * required (a ConfigError naming CREDENTIAL_KEYS). Against the sandbox or in
 * development a ring of one key is generated once, like the session secret:
 * into CREDENTIAL_KEYS_FILE or `$XDG_CONFIG_HOME/pixops/credential-keys`,
 * never inside DATA_DIR or LEDGER_DIR (which hold the ciphertexts it opens).
 */
export function credentialKeyRing(): KeyRing {
  return cachedConfig("credentials.key-ring", () => keyRingOf(loadKeys()));
}

/** Where the key ring's file is: CREDENTIAL_KEYS_FILE, or the user's configuration folder. */
export function credentialKeysFile(): string {
  const settings = credentialSettings();
  return settings.keysFile ? path.resolve(settings.keysFile) : userConfigFile(settings.configHome, "credential-keys");
}

function loadKeys(): CredentialKey[] {
  const settings = credentialSettings();
  if (settings.keys.length > 0) return [...settings.keys];
  const file = credentialKeysFile();
  const realProduction = !isSandboxMode() && deployment().production;
  if (realProduction && !settings.keysFile) {
    throw new ConfigError(
      "CREDENTIAL_KEYS is required when PAYMENTS_API_URL is set in production (id:secret, newest first; or CREDENTIAL_KEYS_FILE naming a file that holds them)",
    );
  }
  refuseInsideLedgerFolders(file, ledgerFolders(settings), KEY_FILE_RULES);
  if (realProduction) {
    const text = readSecretFile(file, KEY_FILE_RULES);
    if (!text)
      throw new ConfigError(
        `CREDENTIAL_KEYS_FILE names ${file}, which does not exist: create it, or set CREDENTIAL_KEYS`,
      );
    return parseKeyRing(text, `the credential key ring at ${file}`);
  }
  const text = readOrCreateSecretFile(file, KEY_FILE_RULES, { ownFolder: !settings.keysFile });
  return parseKeyRing(text, `the credential key ring at ${file}`);
}
