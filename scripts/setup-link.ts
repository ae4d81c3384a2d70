/**
 * `npm run setup-link`: a fresh first-run setup link, for when the one printed at start has expired or was lost
 * (docs/accounts.md, "First run"). Opens the ledger with the server's configuration. The embedded ledger (PGlite)
 * can be open in one process only: while the server runs on it, restart the server instead (it prints a new link).
 */
import { isSandboxMode } from "../lib/server/config";
import { anyActiveOwner, closeLedger, getLedger } from "../lib/server/ledger";
import { issueSetupLink } from "../lib/server/services/workspace/setup-link";

async function main(): Promise<number> {
  if (isSandboxMode()) {
    console.error("Sandbox mode: no setup is needed, sign in as one of the demo people.");
    return 1;
  }
  const ledger = await getLedger();
  try {
    if (await anyActiveOwner(ledger)) {
      console.error("A workspace already has an owner: setup is over. Owners invite everyone else.");
      return 1;
    }
    const link = await issueSetupLink(ledger, new Date());
    // Deliberately printed: this link is the secret that makes its holder the owner (one use, 30 minutes).
    console.log(`Setup link (one use, valid until ${link.expiresAt.toISOString()}):\n${link.url}`);
    return 0;
  } finally {
    await closeLedger();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Could not issue a setup link: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
