/**
 * The workspace credential vault's settings: its key ring (CREDENTIAL_KEYS, or
 * CREDENTIAL_KEYS_FILE), and the credentials a deployment provisions from the
 * environment instead of storing them (PAYMENTS_API_KEY, PAYMENTS_ACCESS_TOKEN
 * and their _FILE forms, for the business PAYMENTS_BUSINESS_ID). What they
 * decide is in lib/server/security/credential-vault/. Messages never echo a value.
 */
import { z } from "zod";
import { normaliseBusinessId } from "../../shared/schemas/business-id";
import type { Env } from "./environment";
import { ConfigError } from "./errors";
import { parseSection, text } from "./fields";

export const MIN_CREDENTIAL_KEY_LENGTH = 32;
const KEY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** One key of the vault's key ring: its id (stored beside every ciphertext it made) and its secret. */
export interface CredentialKey {
  id: string;
  secret: string;
}

/**
 * A key ring as written in CREDENTIAL_KEYS or its file: `id:secret` entries
 * separated by commas (or lines), newest first. The id is 1–32 letters,
 * digits, `.`, `_`, `-`; the secret (everything after the first colon) at least
 * 32 characters; no id twice. `source` names the variable or file in messages.
 */
export function parseKeyRing(raw: string, source: string): CredentialKey[] {
  const entries = raw
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new ConfigError(`${source} holds no key: write id:secret, newest first`);
  const keys = entries.map((entry, index) => {
    const colon = entry.indexOf(":");
    const id = colon > 0 ? entry.slice(0, colon).trim() : "";
    const secret = colon > 0 ? entry.slice(colon + 1).trim() : "";
    if (!KEY_ID.test(id)) {
      throw new ConfigError(
        `${source}: entry ${index + 1} must be id:secret, the id 1-32 letters, digits, ".", "_" or "-" (entries separated by commas, newest first)`,
      );
    }
    if (secret.length < MIN_CREDENTIAL_KEY_LENGTH) {
      throw new ConfigError(
        `${source}: the secret of key ${id} must be at least ${MIN_CREDENTIAL_KEY_LENGTH} characters`,
      );
    }
    return { id, secret };
  });
  const ids = keys.map((key) => key.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice) throw new ConfigError(`${source} names the key id ${twice} twice: each key needs its own id`);
  return keys;
}

export interface CredentialSettings {
  /** CREDENTIAL_KEYS, newest first; empty when unset. Never logged. */
  keys: readonly CredentialKey[];
  /** CREDENTIAL_KEYS_FILE: the key ring's file (read, or generated in the sandbox/development). */
  keysFile: string | undefined;
  configHome: string | undefined;
  dataDir: string | undefined;
  ledgerDir: string | undefined;
  /** Credentials provisioned from the environment, for `businessId` (PAYMENTS_BUSINESS_ID); null when none is. */
  provisioned: ProvisionedCredentialSettings | null;
}

/** Each credential either inline (a value) or in a file (a path), never both. Never logged. */
export interface ProvisionedCredentialSettings {
  businessId: string;
  apiKey: { value: string } | { file: string } | null;
  accessToken: { value: string } | { file: string } | null;
}

const credentialShape = {
  CREDENTIAL_KEYS: text(),
  CREDENTIAL_KEYS_FILE: text(),
  SESSION_SECRET: text(),
  XDG_CONFIG_HOME: text(),
  DATA_DIR: text(),
  LEDGER_DIR: text(),
  PAYMENTS_API_KEY: text(),
  PAYMENTS_API_KEY_FILE: text(),
  PAYMENTS_ACCESS_TOKEN: text(),
  PAYMENTS_ACCESS_TOKEN_FILE: text(),
  PAYMENTS_BUSINESS_ID: text(),
};
type CredentialEnv = z.infer<z.ZodObject<typeof credentialShape>>;

function inlineOrFile(value: string | undefined, file: string | undefined, name: string) {
  if (value !== undefined && file !== undefined) {
    throw new ConfigError(`${name} and ${name}_FILE are both set: set one of them`);
  }
  if (value !== undefined) return { value };
  if (file !== undefined) return { file };
  return null;
}

function provisionedCredentials(e: CredentialEnv): ProvisionedCredentialSettings | null {
  const apiKey = inlineOrFile(e.PAYMENTS_API_KEY, e.PAYMENTS_API_KEY_FILE, "PAYMENTS_API_KEY");
  const accessToken = inlineOrFile(e.PAYMENTS_ACCESS_TOKEN, e.PAYMENTS_ACCESS_TOKEN_FILE, "PAYMENTS_ACCESS_TOKEN");
  if (!apiKey && !accessToken) return null;
  // Against a real API a credential says nothing about its business: the administrator names it (the tenancy section checks its shape).
  if (!e.PAYMENTS_BUSINESS_ID) {
    const name = apiKey ? "PAYMENTS_API_KEY" : "PAYMENTS_ACCESS_TOKEN";
    throw new ConfigError(
      `${name} is the credential of one business: set PAYMENTS_BUSINESS_ID to that business's id (a UUID)`,
    );
  }
  return { businessId: normaliseBusinessId(e.PAYMENTS_BUSINESS_ID), apiKey, accessToken };
}

export function parseCredentialSettings(env: Env): CredentialSettings {
  const e = parseSection(credentialShape, env);
  const keys = e.CREDENTIAL_KEYS ? parseKeyRing(e.CREDENTIAL_KEYS, "CREDENTIAL_KEYS") : [];
  if (keys.length > 0 && e.CREDENTIAL_KEYS_FILE) {
    throw new ConfigError("CREDENTIAL_KEYS and CREDENTIAL_KEYS_FILE are both set: set one of them");
  }
  const sessionSecrets = new Set((e.SESSION_SECRET ?? "").split(",").map((s) => s.trim()));
  const reused = keys.find((key) => sessionSecrets.has(key.secret));
  if (reused) {
    throw new ConfigError(
      `CREDENTIAL_KEYS: key ${reused.id} reuses a SESSION_SECRET; the vault needs a secret of its own, so a leaked cookie secret does not open stored credentials`,
    );
  }
  return {
    keys,
    keysFile: e.CREDENTIAL_KEYS_FILE,
    configHome: e.XDG_CONFIG_HOME,
    dataDir: e.DATA_DIR,
    ledgerDir: e.LEDGER_DIR,
    provisioned: provisionedCredentials(e),
  };
}
