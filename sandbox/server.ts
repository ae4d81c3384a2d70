/**
 * The sandbox: a stateful implementation of the payments API spec on node:http.
 * Flow of a /v1 request: route → auth → rate limit → same-key check → faults →
 * handler (synchronous effect) → optional injected delay → envelope.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { after, systemClock } from "../lib/shared/clock";
import type { AddressInfo, Socket } from "node:net";
import { authenticate } from "./auth";
import { resolveConfig } from "./config";
import { FaultSet } from "./faults";
import { PayoutRequestLog } from "./payout-log";
import { handleAdmin } from "./handlers/admin";
import { fail, header, parseJsonObject, readBody, sendHtml502, sendResult, type ApiResult } from "./http";
import { requestKey, scopeId } from "./idempotency";
import { RateLimiter } from "./rate-limit";
import { newRequestId } from "./random";
import { matchRoute } from "./router";
import { Store } from "./store";
import type { FaultRule, SandboxHandle, SandboxOptions, SandboxStats } from "./types";

export type {
  FaultKind,
  FaultRule,
  InspectedPayout,
  PayoutRequestEntry,
  RateLimitConfig,
  SandboxHandle,
  SandboxOptions,
  SandboxStats,
} from "./types";
export { FAULT_KINDS } from "./types";

const EMPTY = Buffer.alloc(0);

function faultResult(rule: FaultRule): ApiResult {
  const retryHeaders = (fallback: number | null): Record<string, string> | undefined => {
    const seconds = rule.retry_after ?? fallback;
    return seconds === null ? undefined : { "Retry-After": String(seconds) };
  };
  switch (rule.kind) {
    case "error503":
      return fail(
        503,
        "service_unavailable",
        "The service is temporarily unavailable. Retry with backoff.",
        {},
        retryHeaders(null),
      );
    case "throttle429": {
      const seconds = rule.retry_after ?? 1;
      return fail(
        429,
        "rate_limited",
        "Too many requests. Retry after the indicated delay.",
        { retry_after_seconds: seconds },
        retryHeaders(1),
      );
    }
    case "error401":
      return fail(401, "invalid_credentials", "The API key is not valid.");
    case "error409":
      return inProgress(null);
    case "error422":
      return fail(422, "validation_error", "The request is not valid.", {
        fields: { pix_key: "is not valid for this key type" },
      });
    default:
      return fail(500, "internal_error", "An unexpected error occurred.");
  }
}

function inProgress(key: string | null): ApiResult {
  return fail(
    409,
    "idempotency_in_progress",
    "A request with this idempotency key is still being processed. Retry later.",
    key === null ? {} : { idempotency_key: key },
    { "Retry-After": "1" },
  );
}

function bodyless(req: IncomingMessage): boolean {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    req.headers["content-length"] === undefined &&
    req.headers["transfer-encoding"] === undefined
  );
}

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const config = resolveConfig(options);
  const clock = options.clock ?? systemClock;
  const store = new Store(config.dataDir, clock, config.seed);
  store.init(config.reset);
  const faults = new FaultSet(config.faults);
  const limiter = new RateLimiter(config.rateLimit, clock);
  const stats: SandboxStats = { connections: 0, requests: 0, by_route: {}, same_key_overlaps: 0 };
  /** Idempotency scopes of requests still being answered, with how many. */
  const inFlight = new Map<string, number>();
  const payoutLog = new PayoutRequestLog(clock);
  /** Aborted on close: cancels every injected delay still pending. */
  const timers = new AbortController();

  /** Runs `fn` after `ms` on the sandbox's clock (injected latency, a hang's end). */
  const later = (ms: number, fn: () => void): void => {
    if (ms <= 0) return fn();
    after(clock, ms, timers.signal, fn);
  };

  const countRoute = (key: string): void => {
    stats.by_route[key] = (stats.by_route[key] ?? 0) + 1;
  };

  function handleV1(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    pathname: string,
    rawBody: Buffer,
    requestId: string,
  ): void {
    stats.requests++;
    const match = matchRoute(method, pathname);
    if (match.kind === "not_found") {
      return sendResult(res, fail(404, "not_found", `No route ${method} ${pathname}.`, { path: pathname }), requestId);
    }
    if (match.kind === "method_not_allowed") {
      countRoute(`${method} ${match.template}`);
      const allow = match.allow.join(", ");
      return sendResult(
        res,
        fail(
          405,
          "method_not_allowed",
          `Method ${method} is not allowed here; use ${allow}.`,
          { allow: match.allow },
          { Allow: allow },
        ),
        requestId,
      );
    }
    const { route, params } = match;
    const endpoint = `${route.method} ${route.template}`;
    countRoute(endpoint);

    const auth = authenticate(req, route.bearer, config.extraApiKeys);
    if (!auth.ok) return sendResult(res, auth.result, requestId);

    const retryAfter = limiter.take(auth.credential);
    if (retryAfter !== null) {
      return sendResult(
        res,
        fail(
          429,
          "rate_limited",
          "Too many requests for this credential.",
          { retry_after_seconds: retryAfter },
          { "Retry-After": String(retryAfter) },
        ),
        requestId,
      );
    }
    if (endpoint === "POST /v1/payouts") payoutLog.record(req, res, rawBody, auth.business.id);

    const body =
      route.method === "POST"
        ? parseJsonObject(rawBody, req.headers["content-type"])
        : { ok: true as const, value: {} };
    const key = route.method === "POST" && body.ok ? requestKey(body.value, header(req, "idempotency-key")) : null;
    const scope = key === null ? null : scopeId({ businessId: auth.business.id, endpoint, key });
    if (scope !== null) {
      if (inFlight.has(scope)) {
        stats.same_key_overlaps++;
        if (config.concurrentSameKey === "conflict") return sendResult(res, inProgress(key ?? ""), requestId);
      }
      // In flight until the reply is sent or the connection is gone (a hang ends when the client gives up).
      inFlight.set(scope, (inFlight.get(scope) ?? 0) + 1);
      res.once("close", () => {
        const left = (inFlight.get(scope) ?? 1) - 1;
        if (left > 0) inFlight.set(scope, left);
        else inFlight.delete(scope);
      });
    }

    const replay = scope !== null && store.idempotency.has(scope);
    const { delayMs, outcome } = faults.decide(method, pathname, Math.random, replay);
    if (outcome?.kind === "hang") {
      if (outcome.ms !== undefined) later(outcome.ms, () => req.socket.destroy());
      return;
    }
    if (outcome?.kind === "html502") return later(delayMs, () => sendHtml502(res));
    if (outcome && outcome.kind !== "commit_then_drop") {
      const result = faultResult(outcome);
      return later(delayMs, () => sendResult(res, result, requestId));
    }

    // The effect happens now, on receipt; only the reply is delayed.
    let result: ApiResult;
    if (!body.ok) result = body.result;
    else {
      try {
        result = route.handler({
          business: auth.business,
          params,
          body: body.value,
          req,
          store,
          settleMs: config.settleMs,
          endpoint,
          pathname,
          now: clock.now(),
        });
      } catch (err) {
        process.stderr.write(
          `[sandbox] ${endpoint} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
        );
        result = fail(500, "internal_error", "An unexpected error occurred.");
      }
    }
    if (outcome?.kind === "commit_then_drop") return later(delayMs, () => req.socket.destroy());
    later(delayMs, () => sendResult(res, result, requestId));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const requestId = newRequestId();
    const method = (req.method ?? "GET").toUpperCase();
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const pathname = q >= 0 ? url.slice(0, q) : url;
    if (config.log) {
      res.on("close", () => {
        const status = res.headersSent ? String(res.statusCode) : "dropped";
        process.stdout.write(`${method} ${url} ${status} ${(performance.now() - started).toFixed(1)}ms ${requestId}\n`);
      });
    }

    let rawBody: Buffer | null = EMPTY;
    if (!bodyless(req)) {
      try {
        rawBody = await readBody(req);
      } catch {
        req.socket.destroy();
        return;
      }
    }
    if (rawBody === null) {
      return sendResult(res, fail(413, "payload_too_large", "The request body is larger than 1 MiB."), requestId);
    }

    if (pathname === "/v1" || pathname.startsWith("/v1/"))
      return handleV1(req, res, method, pathname, rawBody, requestId);
    if (pathname.startsWith("/__sandbox/")) {
      const result = handleAdmin({
        method,
        pathname,
        req,
        rawBody,
        store,
        faults,
        stats,
        payoutLog,
        extraApiKeys: config.extraApiKeys,
        resetStats: () => {
          stats.connections = 0;
          stats.requests = 0;
          stats.by_route = {};
          stats.same_key_overlaps = 0;
          payoutLog.clear();
        },
        onReset: () => limiter.reset(),
      });
      return sendResult(res, result, requestId);
    }
    sendResult(res, fail(404, "not_found", `No route ${method} ${pathname}.`, { path: pathname }), requestId);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      process.stderr.write(`[sandbox] request failed: ${err instanceof Error ? err.message : String(err)}\n`);
      if (!res.headersSent)
        sendResult(res, fail(500, "internal_error", "An unexpected error occurred."), newRequestId());
    });
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on("connection", (_socket: Socket) => {
    stats.connections++;
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once("error", onError);
    server.listen(config.port, config.host, () => {
      server.off("error", onError);
      resolve();
    });
  });

  const port = (server.address() as AddressInfo).port;
  const hostForUrl = config.host.includes(":") ? `[${config.host}]` : config.host;
  let closing: Promise<void> | null = null;

  return {
    url: `http://${hostForUrl}:${port}`,
    port,
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve) => {
        timers.abort();
        server.close(() => resolve());
        server.closeAllConnections();
        store.flush();
      });
      return closing;
    },
  };
}
