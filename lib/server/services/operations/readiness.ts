import "server-only";
import { sql } from "drizzle-orm";
import { getLedger } from "@/lib/server/ledger";
import { getPaymentsConfig } from "@/lib/server/payments-api/config";
import { paymentsAgent } from "@/lib/server/payments-api/http";
import { request } from "undici";

/** Each check gets this long; a probe must answer well inside a load balancer's own timeout. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export type ReadinessCheck = () => Promise<boolean>;

/** What a probe found: ready, or which of its checks failed (names only, never why). */
export type ProbeOutcome = { ok: true; body: Record<string, unknown> } | { ok: false; failed: string[] };

async function ledgerReachable(): Promise<boolean> {
  const ledger = await getLedger();
  await ledger.db.execute(sql`select 1`);
  return true;
}

/** Any HTTP answer under 500 from the API's origin means it is up; no credential is sent. */
async function upstreamReachable(): Promise<boolean> {
  const { baseUrl } = getPaymentsConfig();
  const response = await request(`${baseUrl}/`, {
    method: "GET",
    dispatcher: paymentsAgent(),
    signal: AbortSignal.timeout(READINESS_CHECK_TIMEOUT_MS),
  });
  await response.body.dump();
  return response.statusCode < 500;
}

export const READINESS_CHECKS: Readonly<Record<string, ReadinessCheck>> = {
  ledger: ledgerReachable,
  upstream: upstreamReachable,
};

function withTimeout(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_CHECK_TIMEOUT_MS);
  });
  return Promise.race([check().catch(() => false), timeout]).finally(() => clearTimeout(timer));
}

/** Liveness: the process answers. Nothing else is touched. */
export function liveness(): ProbeOutcome {
  return { ok: true, body: { status: "ok" } };
}

/** Readiness: the ledger answers `select 1` and the payments API answers at all (checks run in parallel). */
export async function readiness(
  checks: Readonly<Record<string, ReadinessCheck>> = READINESS_CHECKS,
): Promise<ProbeOutcome> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => withTimeout(checks[name] as ReadinessCheck)));
  const failed = names.filter((_, index) => !results[index]);
  return failed.length === 0 ? { ok: true, body: { status: "ready" } } : { ok: false, failed };
}
