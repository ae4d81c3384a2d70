import "server-only";
import { Agent, request } from "undici";

/**
 * One keep-alive connection pool for every upstream call of this process. Kept on
 * globalThis so Next's dev-mode module reloads reuse it instead of leaking sockets.
 */
const AGENT_KEY = Symbol.for("pix-ops-dashboard.payments.agent");
type GlobalWithAgent = typeof globalThis & { [AGENT_KEY]?: Agent };

export const AGENT_OPTIONS = {
  /** Idle sockets are kept 4 s: under Node's default 5 s server keep-alive, so we close first. */
  keepAliveTimeout: 4_000,
  /** Upper bound when the server's Keep-Alive header suggests longer. */
  keepAliveMaxTimeout: 30_000,
  /** Sockets per origin. */
  connections: 32,
  /** Backstops only: the client's per-attempt abort is always shorter. */
  headersTimeout: 60_000,
  bodyTimeout: 60_000,
} as const;

export function paymentsAgent(): Agent {
  const g = globalThis as GlobalWithAgent;
  let agent = g[AGENT_KEY];
  if (!agent || agent.closed || agent.destroyed) {
    agent = new Agent(AGENT_OPTIONS);
    g[AGENT_KEY] = agent;
  }
  return agent;
}

export interface RawResponse {
  status: number;
  /** Lower-cased names; repeated headers keep their first value. */
  headers: Record<string, string | undefined>;
  text: string;
}

export interface RawRequest {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

/** Sends one request and reads the whole body (the signal covers both). */
export async function sendRaw(req: RawRequest): Promise<RawResponse> {
  const response = await request(req.url, {
    method: req.method,
    headers: req.headers,
    body: req.body,
    signal: req.signal,
    dispatcher: paymentsAgent(),
  });
  const text = await response.body.text();
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value[0] : value;
  }
  return { status: response.statusCode, headers, text };
}
