import { nextRuntime } from "./lib/server/config/environment";

/**
 * Runs once when a Next.js server process starts: refuses to start with an
 * unsafe configuration, prepares the ledger (migrations) and starts the payout
 * reconciler.
 */
export async function register(): Promise<void> {
  const { runtime, phase } = nextRuntime();
  if (runtime !== "nodejs" || phase === "phase-production-build") return;
  const { startServer } = await import("./lib/server/startup");
  await startServer();
}
