import "server-only";
import { tenancy } from "@/lib/server/services/business";
import { startHousekeeping } from "@/lib/server/services/housekeeping";
import { startReconciler } from "@/lib/server/services/reconciler";
import { throttleSettings } from "@/lib/server/services/sign-in-throttle";
import { getLedger } from "@/lib/server/ledger";
import { isSandboxMode } from "@/lib/server/payments-api/config-public";
import { ConfigError, getSessionConfig } from "@/lib/server/session/config";
import { log } from "./log";
import { getTransportConfig, insecureTransportProblem } from "./transport-config";

/** Settings read at start-up so a mistake stops the server with a clear message, not the first sign-in. */
function checkConfiguration(): void {
  getSessionConfig();
  tenancy();
  throttleSettings();
  const problem = insecureTransportProblem(getTransportConfig(), { production: process.env.NODE_ENV === "production", sandbox: isSandboxMode() });
  if (problem) throw new ConfigError(problem);
}

export async function startServer(): Promise<void> {
  try {
    checkConfiguration();
  } catch (error) {
    // ConfigError, TenancyConfigError or a settings parse error: all say what to fix.
    log.error("startup.refused", { reason: error instanceof Error ? error.message : String(error), note: "Refusing to start." });
    process.exit(1);
  }
  await getLedger();
  if (process.env.RECONCILER !== "off") startReconciler();
  startHousekeeping();
}
