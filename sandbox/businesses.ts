/** The two demo businesses and their credentials (fixed; documented in docs/sandbox.md). */
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
