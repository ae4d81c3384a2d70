import "server-only";

/** True when the dashboard runs against its embedded sandbox (PAYMENTS_API_URL unset). */
export { isSandboxMode } from "@/lib/server/config";
