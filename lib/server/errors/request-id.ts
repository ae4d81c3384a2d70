import "server-only";
import { randomBytes } from "node:crypto";

/**
 * Every reply carries a request_id: the payments API's when this request reached
 * it and it answered, otherwise the BFF's own (`bff_…`, which the server's log
 * lines carry too), so support always has an id to search for.
 */
export function bffRequestId(): string {
  return `bff_${randomBytes(10).toString("hex")}`;
}
