/**
 * The two demo businesses and their credentials (fixed; documented in
 * docs/sandbox.md): the one home of the demo credentials. The launcher, tests
 * and benchmarks import them from here; the dashboard learns them from the
 * running sandbox (GET /__sandbox/businesses), never from this file.
 */
import { createHash } from "node:crypto";
import type { Business } from "./types";

export const ACME: Business = {
  id: "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f",
  name: "Acme",
  apiKey: "sk_sandbox_acme",
  accessToken: "at_sandbox_acme",
};

export const BETA: Business = {
  id: "2d9e8f7a-6b5c-4d3e-8f1a-9b8c7d6e5f4a",
  name: "Beta",
  apiKey: "sk_sandbox_beta",
  accessToken: "at_sandbox_beta",
};

export const BUSINESSES: readonly Business[] = [ACME, BETA];

const byApiKey = new Map(BUSINESSES.map((b) => [b.apiKey, b]));
const byToken = new Map(BUSINESSES.map((b) => [b.accessToken, b]));

export function businessByApiKey(key: string): Business | undefined {
  return byApiKey.get(key);
}

export function businessByToken(token: string): Business | undefined {
  return byToken.get(token);
}

/** SHA-256 of an API key, in hex (what the dashboard's PAYMENTS_API_KEY_SHA256 lists). */
export function apiKeySha256(apiKey: string): string {
  return createHash("sha256").update(apiKey, "utf8").digest("hex");
}

/** One entry of GET /__sandbox/businesses. */
export interface DirectoryEntry {
  id: string;
  name: string;
  /** Fingerprints of every API key of the business: its demo key and any extra key (never the extra keys themselves). */
  api_key_sha256: string[];
  /** The public demo credentials, for the dashboard's sign-in page. */
  demo: { api_key: string; access_token: string };
}

/**
 * What the dashboard needs in sandbox mode to scope a session: which business an
 * API key belongs to (by fingerprint, so an extra key such as the secrets test's
 * canary is never served) and the demo credentials it may offer.
 */
export function businessDirectory(extraApiKeys: ReadonlyMap<string, Business>): DirectoryEntry[] {
  return BUSINESSES.map((business) => ({
    id: business.id,
    name: business.name,
    api_key_sha256: [
      business.apiKey,
      ...[...extraApiKeys].filter(([, owner]) => owner.id === business.id).map(([key]) => key),
    ].map(apiKeySha256),
    demo: { api_key: business.apiKey, access_token: business.accessToken },
  }));
}
