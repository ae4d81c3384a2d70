import "server-only";
import { getPaymentsConfig } from "./config";

/** True when the dashboard runs against its embedded sandbox (PAYMENTS_API_URL unset). */
export function isSandboxMode(): boolean {
  return getPaymentsConfig().sandbox;
}
