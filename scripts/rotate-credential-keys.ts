/**
 * `npm run rotate-credential-keys`: after a new key was put first in CREDENTIAL_KEYS, moves every stored
 * workspace credential and every person's TOTP secret to it (docs/session.md, "Workspace credentials"). Run it
 * until it reports no failure, then drop the old key. Opens the ledger with the server's configuration: with the
 * embedded PGlite ledger, stop the server first (one process at a time).
 */
import { closeLedger, getLedger } from "../lib/server/ledger";
import { credentialKeyRing, moveCredentialsToNewestKey } from "../lib/server/security/credential-vault";

async function main(): Promise<number> {
  const ring = credentialKeyRing();
  const ledger = await getLedger();
  try {
    const { moved, failed } = await moveCredentialsToNewestKey(ledger, ring);
    console.log(`Moved ${moved} secret(s) to the key "${ring.newest.id}"; ${failed} could not be opened.`);
    if (failed > 0) console.error("Keep the old keys until every secret opens (see the vault.reencrypt_failed lines).");
    return failed > 0 ? 1 : 0;
  } finally {
    await closeLedger();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Could not rotate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
