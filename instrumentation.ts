import { nextRuntime } from "./lib/server/config/environment";

/**
 * Runs once when a Next.js server process starts: refuses to start with an
 * unsafe configuration, prepares the ledger (migrations) and starts the payout
 * reconciler.
 */
export async function register(): Promise<void> {
  // The literal environment read below (not the config module's) is what lets the bundler drop
  // the Node-only start-up graph (native argon2, the ledger) from the Edge build of this file.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (nextRuntime().phase === "phase-production-build") return;
  const { startServer } = await import("./lib/server/startup");
  await startServer();
}
