import "server-only";
import { ERROR_CODES } from "@/lib/shared/errors/catalogue";
import type { BffErrorBody } from "@/lib/shared/schemas/envelope";
import { bffRequestId } from "@/lib/server/errors/request-id";
import type { ProbeOutcome } from "@/lib/server/services/operations/readiness";
import { API_RESPONSE_HEADERS } from "./respond";

/**
 * Route handler for load-balancer probes (/api/health, /api/ready): no session,
 * no CSRF, no input, no cookies; never cached. A failed probe is a 503
 * `not_ready` naming the failed checks; a probe that throws counts as failed
 * without saying why (the reason could hold a hostname or a database message).
 */
export function withProbe(probe: () => Promise<ProbeOutcome> | ProbeOutcome) {
  return async (): Promise<Response> => {
    let outcome: ProbeOutcome;
    try {
      outcome = await probe();
    } catch {
      outcome = { ok: false, failed: ["probe"] };
    }
    if (outcome.ok) return new Response(JSON.stringify(outcome.body), { status: 200, headers: API_RESPONSE_HEADERS });
    const requestId = bffRequestId();
    const error: BffErrorBody = {
      code: "not_ready",
      message: "A dependency of this instance is not reachable.",
      details: { failed: outcome.failed },
    };
    const body = { status: "not_ready", data: null, error, request_id: requestId };
    return new Response(JSON.stringify(body), {
      status: ERROR_CODES.not_ready,
      headers: { ...API_RESPONSE_HEADERS, "X-Request-Id": requestId },
    });
  };
}
