/**
 * Runs the server's start-up (lib/server/startup.ts, what instrumentation.ts
 * calls when `next start` boots) in a process of its own, with the environment
 * it was given, and prints "started" if it was let through. With
 * STARTUP_LIST_PEOPLE=1 it then prints the people the ledger holds (their
 * e-mails, as one JSON line "people: […]"), to show what start-up seeded. For
 * tests/server/startup.test.ts; run with `--conditions=react-server` so the
 * `server-only` marker resolves as it does inside Next.js.
 */
import { startServer } from "@/lib/server/startup";
import { closeLedger, getLedger } from "@/lib/server/ledger";
import { members } from "@/lib/server/ledger/schema";

async function main(): Promise<void> {
  await startServer();
  console.log("started");
  if (process.env.STARTUP_LIST_PEOPLE === "1") {
    const rows = await (await getLedger()).db.select({ email: members.email }).from(members);
    console.log(`people: ${JSON.stringify(rows.map((row) => row.email).sort())}`);
  }
  await closeLedger();
  process.exit(0);
}

void main();
