import "server-only";
import { startReconciler } from "@/lib/bff/reconciler";
import { getLedger } from "@/lib/ledger";
import { ConfigError, getSessionConfig } from "@/lib/session/config";

export async function startServer(): Promise<void> {
  try {
    getSessionConfig();
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
