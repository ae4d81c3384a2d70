import "server-only";
import type { ClientAddress } from "@/lib/server/services/session/client-address";
import { getTransportConfig } from "@/lib/server/transport-config";

/**
 * The client's address for the sign-in throttle and the security log. Route
 * handlers cannot see the socket: `next start` fills X-Forwarded-For from it
 * only when the request has none, so without a proxy that overwrites the
 * header a client can choose its own. With TRUST_PROXY=1 the right-most entry
 * (the one our proxy appended) is used; without it the value is kept but marked
 * unverified, and the deployment-wide budget is what bounds a forger.
 */
export function clientAddress(headers: Headers, trustProxy: boolean = getTransportConfig().trustProxy): ClientAddress {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const address = (entries[entries.length - 1] ?? "unknown").slice(0, 64);
  return { address, source: trustProxy ? "proxy" : "unverified" };
}
