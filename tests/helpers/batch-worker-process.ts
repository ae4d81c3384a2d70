/**
 * The server's background work as a process of its own, with no web server:
 * the real start-up (lib/server/startup.ts, what instrumentation.ts runs when
 * `next start` boots) with RECONCILER=on starts the reconciler and the batch
 * worker against the ledger and payments API the environment names. Prints
 * "started" once they run, then runs until it is killed. For
 * tests/soak/batch-crash.soak.ts; run with `--conditions=react-server` so the
 * `server-only` marker resolves as it does inside Next.js.
 */
import { startServer } from "@/lib/server/startup";

async function main(): Promise<void> {
  await startServer();
  console.log("started");
  // The worker's timers are unref'd (a server's HTTP listener keeps its process up); here this one does.
  setInterval(() => undefined, 60_000);
}

void main();
