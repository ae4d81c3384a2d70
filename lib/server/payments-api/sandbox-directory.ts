import "server-only";
import { z } from "zod";
import { deployment, isSandboxMode, paymentsConfig, retryOverrides } from "@/lib/server/config";
import { log } from "@/lib/server/log";
import { normaliseBusinessId } from "@/lib/shared/schemas/business-id";
import { sendRaw } from "./http";
import { resolveRetryPolicy } from "./retry";

/**
 * The demo businesses of the sandbox, as the running sandbox describes them
 * (GET /__sandbox/businesses): in sandbox mode a demo key and a demo viewer
 * token of one business share its scope. Production code never loads sandbox
 * code; against a real API (PAYMENTS_API_URL) this is never asked and is empty.
 */
export interface DemoBusiness {
  id: string;
  name: string;
  /** SHA-256 fingerprints of the business's API keys (extra keys are known only by them). */
  apiKeySha256: ReadonlySet<string>;
  /** The public demo credentials the sign-in page offers. */
  demo: { apiKey: string; accessToken: string };
}

const directorySchema = z.object({
  data: z.array(
    z.object({
      id: z.uuid().transform(normaliseBusinessId),
      name: z.string().trim().min(1).max(120),
      api_key_sha256: z.array(z.string().regex(/^[0-9a-f]{64}$/)),
      demo: z.object({ api_key: z.string().min(1).max(200), access_token: z.string().min(1).max(200) }),
    }),
  ),
});

// One look-up per sandbox address and process; a failed one is forgotten, so the next call asks again.
const DIRECTORY_KEY = Symbol.for("pix-ops-dashboard.sandbox-directory");
type DirectoryGlobal = typeof globalThis & { [DIRECTORY_KEY]?: Map<string, Promise<readonly DemoBusiness[]>> };

async function fetchDirectory(baseUrl: string): Promise<readonly DemoBusiness[]> {
  await sandboxStarted();
  const timeout = AbortSignal.timeout(resolveRetryPolicy(retryOverrides()).attemptTimeoutMs);
  const response = await sendRaw({
    method: "GET",
    url: `${baseUrl}/__sandbox/businesses`,
    headers: { accept: "application/json" },
    signal: timeout,
  });
  if (response.status !== 200) throw new Error(`the sandbox answered ${response.status} to GET /__sandbox/businesses`);
  const parsed = directorySchema.parse(JSON.parse(response.text));
  return parsed.data.map((entry) => ({
    id: entry.id,
    name: entry.name,
    apiKeySha256: new Set(entry.api_key_sha256),
    demo: { apiKey: entry.demo.api_key, accessToken: entry.demo.access_token },
  }));
}

/** The sandbox's demo businesses (cached); empty against a real API. Rejects when the sandbox cannot be asked. */
export function sandboxDirectory(): Promise<readonly DemoBusiness[]> {
  if (!isSandboxMode()) return Promise.resolve([]);
  const { baseUrl } = paymentsConfig();
  const store = ((globalThis as DirectoryGlobal)[DIRECTORY_KEY] ??= new Map());
  let pending = store.get(baseUrl);
  if (!pending) {
    pending = fetchDirectory(baseUrl);
    store.set(baseUrl, pending);
    pending.catch(() => {
      if (store.get(baseUrl) === pending) store.delete(baseUrl);
    });
  }
  return pending;
}

// The development server's one wait for its sandbox (per process, across hot reloads).
const STARTED_KEY = Symbol.for("pix-ops-dashboard.sandbox-started");
type StartedGlobal = typeof globalThis & { [STARTED_KEY]?: Promise<boolean> };

/**
 * In a development server in sandbox mode, whether the sandbox answered: the first caller (start-up's seeding, the
 * sign-in page's demo people, a sign-in) waits for it up to SANDBOX_START_WAIT_MS, as `npm run dev` starts it beside
 * Next.js; the others share that wait, and once it is over nobody waits again (a sandbox that is down then fails
 * each call at once, as in production). Elsewhere: true at once.
 */
export function sandboxStarted(): Promise<boolean> {
  if (!deployment().development || !isSandboxMode()) return Promise.resolve(true);
  const store = globalThis as StartedGlobal;
  store[STARTED_KEY] ??= sandboxAnswers(SANDBOX_START_WAIT_MS).then((up) => {
    if (!up) log.warn("startup.sandbox_not_answering", { waitedMs: SANDBOX_START_WAIT_MS });
    return up;
  });
  return store[STARTED_KEY];
}

/** How long a development server waits for a sandbox that `npm run dev` is starting beside it. */
export const SANDBOX_START_WAIT_MS = 30_000;
const HEALTH_POLL_MS = 200;

/**
 * Whether the sandbox answers its health check within `withinMs`, asking every HEALTH_POLL_MS. `npm run dev` starts
 * the sandbox beside Next.js instead of before it (scripts/launch.ts), so a development server's start-up may run
 * before the sandbox is up; it waits here rather than finding no demo businesses. Against a real API: true at once.
 */
export async function sandboxAnswers(withinMs: number): Promise<boolean> {
  if (!isSandboxMode()) return true;
  const { baseUrl } = paymentsConfig();
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      const response = await sendRaw({
        method: "GET",
        url: `${baseUrl}/__sandbox/health`,
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(1_000),
      });
      if (response.status === 200) return true;
    } catch {
      // Not listening yet: ask again until the deadline.
    }
    if (Date.now() + HEALTH_POLL_MS > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
}
