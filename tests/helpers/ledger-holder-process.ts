/**
 * A process that opens the PGlite ledger in LEDGER_DIR, takes the lease
 * `payout:acme:held` (as a send in flight would) and keeps both until it is
 * killed or told to exit. Prints "opened <pid>" once it holds them; then, per
 * line on stdin: "lease?" → "lease held" / "lease gone" (read through its own
 * ledger), "exit" → process.exit(0) without closing the ledger. For
 * tests/ledger/folder-lock.test.ts (also inside `unshare --pid`, as another container); run with `--conditions=react-server`.
 */
import { createInterface } from "node:readline";
import { acquireLease, createLedger, isLeaseHeld } from "@/lib/server/ledger";

const HELD_LEASE = "payout:acme:held";

async function main(): Promise<void> {
  const ledger = await createLedger({ dataDir: process.env.LEDGER_DIR });
  if (!(await acquireLease(ledger, HELD_LEASE, 600_000))) throw new Error("the lease was not free");
  console.log(`opened ${process.pid}`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === "lease?") console.log((await isLeaseHeld(ledger, HELD_LEASE)) ? "lease held" : "lease gone");
    if (line === "exit") process.exit(0);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
