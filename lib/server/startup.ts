import "server-only";
import { startReconciler } from "@/lib/bff/reconciler";
import { getLedger } from "@/lib/ledger";
import { isSandboxMode } from "@/lib/payments/config-public";
import { ConfigError, getSessionConfig } from "@/lib/session/config";
import { getTransportConfig, insecureTransportProblem } from "./transport-config";

export async function startServer(): Promise<void> {
  try {
    getSessionConfig();
    const problem = insecureTransportProblem(getTransportConfig(), { production: process.env.NODE_ENV === "production", sandbox: isSandboxMode() });
    if (problem) throw new ConfigError(problem);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[startup] ${error.message}. Refusing to start.`);
      process.exit(1);
    }
    throw error;
  }
  await getLedger();
  if (process.env.RECONCILER !== "off") startReconciler();
}
