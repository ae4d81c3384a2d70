/**
 * Runs the server's start-up (lib/server/startup.ts, what instrumentation.ts
 * calls when `next start` boots) in a process of its own, with the environment
 * it was given, and prints "started" if it was let through. For
 * tests/server/startup.test.ts; run with `--conditions=react-server` so the
 * `server-only` marker resolves as it does inside Next.js.
 */
import { startServer } from "@/lib/server/startup";
import { closeLedger } from "@/lib/server/ledger";

async function main(): Promise<void> {
  await startServer();
  console.log("started");
  await closeLedger();
  process.exit(0);
}

void main();
