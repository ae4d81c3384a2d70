/** Resolves SandboxOptions against the environment and defaults. */
import { parseFaultList } from "./faults";
import { parseRateLimit } from "./rate-limit";
import { ACME, BETA, BUSINESSES } from "./businesses";
import {
  CONCURRENT_SAME_KEY,
  type Business,
  type ConcurrentSameKey,
  type ExtraApiKey,
  type FaultRule,
  type RateLimitConfig,
  type SandboxOptions,
} from "./types";

export interface SandboxConfig {
  port: number;
  host: string;
  dataDir: string | null;
  settleMs: number;
  rateLimit: RateLimitConfig | null;
  faults: FaultRule[];
  reset: boolean;
  log: boolean;
  concurrentSameKey: ConcurrentSameKey;
  /** Extra API key → the demo business it stands for. */
  extraApiKeys: ReadonlyMap<string, Business>;
  /** Acme's seeded list sizes (0 = the demo data only). */
  seed: { links: number; chargebacks: number };
}

export const DEFAULT_PORT = 4010;
export const DEFAULT_DATA_DIR = ".data/sandbox";
export const DEFAULT_SETTLE_MS = 4000;
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { perSecond: 100, burst: 200 };
export const MAX_SEED_SIZE = 200_000;

/** A seed size from a flag, an option or the environment: a whole number up to MAX_SEED_SIZE. */
export function parseSeedSize(value: number, origin: string): number {
  if (!Number.isInteger(value) || value < 0 || value > MAX_SEED_SIZE)
    throw new Error(`${origin} must be a whole number from 0 to ${MAX_SEED_SIZE}, got ${value}`);
  return value;
}

function envNumber(name: string, env: Readonly<Record<string, string | undefined>>): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

export function parseFaults(value: unknown, origin: string): FaultRule[] {
  const parsed = parseFaultList(value);
  if (!parsed.ok) throw new Error(`invalid ${origin}: ${JSON.stringify(parsed.errors)}`);
  return parsed.rules;
}

export function parseConcurrentSameKey(raw: string, origin: string): ConcurrentSameKey {
  const value = raw.trim();
  if (!(CONCURRENT_SAME_KEY as readonly string[]).includes(value))
    throw new Error(`${origin} must be one of ${CONCURRENT_SAME_KEY.join(", ")}, got "${raw}"`);
  return value as ConcurrentSameKey;
}

const EXTRA_KEY_RE = /^[A-Za-z0-9_\-.]{8,200}$/;

/** "acme:KEY,beta:KEY" (SANDBOX_EXTRA_API_KEYS, --extra-api-key) → extra keys. */
export function parseExtraApiKeys(raw: string, origin: string): ExtraApiKey[] {
  return raw
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const colon = item.indexOf(":");
      const business = item.slice(0, colon).trim().toLowerCase();
      const apiKey = item.slice(colon + 1).trim();
      if (colon < 0 || (business !== "acme" && business !== "beta"))
        throw new Error(`${origin}: each entry is acme:KEY or beta:KEY`);
      return { business, apiKey };
    });
}

function extraKeyMap(keys: readonly ExtraApiKey[]): Map<string, Business> {
  const taken = new Set(BUSINESSES.flatMap((b) => [b.apiKey, b.accessToken]));
  const map = new Map<string, Business>();
  for (const { business, apiKey } of keys) {
    if (!EXTRA_KEY_RE.test(apiKey))
      throw new Error("an extra API key must be 8 to 200 letters, digits, '_', '-' or '.'");
    if (taken.has(apiKey)) throw new Error("an extra API key must differ from the demo credentials");
    map.set(apiKey, business === "acme" ? ACME : BETA);
  }
  return map;
}

/** The sandbox's environment: the one place the sandbox reads `process.env` (cli-args.ts gets it from here). */
export function sandboxEnvironment(): Readonly<Record<string, string | undefined>> {
  return process.env;
}

export function resolveConfig(
  options: SandboxOptions,
  env: Readonly<Record<string, string | undefined>> = sandboxEnvironment(),
): SandboxConfig {
  let faults: FaultRule[] = [];
  if (options.faults !== undefined) faults = parseFaults(options.faults, "faults option");
  else if (env.SANDBOX_FAULTS?.trim()) {
    let value: unknown;
    try {
      value = JSON.parse(env.SANDBOX_FAULTS);
    } catch {
      throw new Error("SANDBOX_FAULTS must be a JSON array of fault rules");
    }
    faults = parseFaults(value, "SANDBOX_FAULTS");
  }

  let rateLimit: RateLimitConfig | null = DEFAULT_RATE_LIMIT;
  if (options.rateLimit !== undefined) rateLimit = options.rateLimit;
  else if (env.SANDBOX_RATE_LIMIT?.trim()) rateLimit = parseRateLimit(env.SANDBOX_RATE_LIMIT);
  if (rateLimit !== null && !(rateLimit.perSecond > 0 && rateLimit.burst >= 1))
    throw new Error("rateLimit needs perSecond > 0 and burst >= 1");

  return {
    port: options.port ?? envNumber("SANDBOX_PORT", env) ?? DEFAULT_PORT,
    host: options.host ?? "127.0.0.1",
    dataDir: options.dataDir !== undefined ? options.dataDir : env.SANDBOX_DATA_DIR?.trim() || DEFAULT_DATA_DIR,
    settleMs: options.settleMs ?? envNumber("SANDBOX_SETTLE_MS", env) ?? DEFAULT_SETTLE_MS,
    rateLimit,
    faults,
    reset: options.reset ?? env.SANDBOX_RESET === "1",
    log: options.log ?? false,
    concurrentSameKey:
      options.concurrentSameKey ??
      (env.SANDBOX_CONCURRENT_SAME_KEY?.trim()
        ? parseConcurrentSameKey(env.SANDBOX_CONCURRENT_SAME_KEY, "SANDBOX_CONCURRENT_SAME_KEY")
        : "replay"),
    seed: {
      links: parseSeedSize(
        options.seedLinks ?? envNumber("SANDBOX_SEED_LINKS", env) ?? 0,
        "seedLinks (SANDBOX_SEED_LINKS)",
      ),
      chargebacks: parseSeedSize(
        options.seedChargebacks ?? envNumber("SANDBOX_SEED_CHARGEBACKS", env) ?? 0,
        "seedChargebacks (SANDBOX_SEED_CHARGEBACKS)",
      ),
    },
    extraApiKeys: extraKeyMap(
      options.extraApiKeys ?? parseExtraApiKeys(env.SANDBOX_EXTRA_API_KEYS ?? "", "SANDBOX_EXTRA_API_KEYS"),
    ),
  };
}
