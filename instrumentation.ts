/**
 * Runs once when a Next.js server process starts: refuses to start with an
 * unsafe configuration, prepares the ledger (migrations) and starts the payout
 * reconciler.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("./lib/server/startup");
  await startServer();
}
