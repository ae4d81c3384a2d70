import "server-only";
import { appSettings, checkAllConfig, ConfigError, deployment, isSandboxMode } from "@/lib/server/config";
import { startHousekeeping } from "@/lib/server/services/operations/housekeeping";
import { startReconciler } from "@/lib/server/services/payouts/reconciler";
import { startBatchWorker } from "@/lib/server/services/batches/worker";
import { startLinkWatcher } from "@/lib/server/services/insights/link-watcher";
import { getLedger, LedgerFolderLockedError } from "@/lib/server/ledger";
import { getSessionConfig } from "@/lib/server/session/config";
import { ensureSandboxWorkspaces } from "@/lib/server/services/workspace/sandbox-people";
import { announceSetupLink } from "@/lib/server/services/workspace/setup-link";
import { credentialKeyRing } from "@/lib/server/security/credential-vault";
import { deferStart } from "./deferred-start";
import { log } from "./log";
import { getTransportConfig, insecureTransportProblem } from "./transport-config";

/** Settings read at start-up so a mistake stops the server with a clear message, not the first sign-in. */
function checkConfiguration(): void {
  // Every variable of lib/server/config, parsed and bounded; then the rules that span several.
  checkAllConfig();
  getSessionConfig();
  // The vault's key ring: required with a real API in production, generated once otherwise (like the session secret).
  credentialKeyRing();
  const problem = insecureTransportProblem(getTransportConfig(), {
    production: deployment().production,
    sandbox: isSandboxMode(),
  });
  if (problem) throw new ConfigError(problem);
}

function refuse(error: unknown): never {
  log.error("startup.refused", {
    reason: error instanceof Error ? error.message : String(error),
    note: "Refusing to start.",
  });
  process.exit(1);
}

/** In development, the longest the ledger and background work wait for the first page (deferred-start.ts). */
const DEVELOPMENT_START_MAX_WAIT_MS = 60_000;

export async function startServer(): Promise<void> {
  try {
    checkConfiguration();
  } catch (error) {
    // A ConfigError (TenancyConfigError among them) says what to fix, naming the variable, never its value.
    refuse(error);
  }
  if (deployment().development) {
    // `next dev` compiles and answers its first page before opening the ledger (a fresh embedded one takes seconds of
    // CPU to create and migrate, which the compile would otherwise share): the rest starts once that page is sent.
    // Every request that needs the ledger sooner opens it itself (getLedger). Whatever asks the sandbox first waits
    // for the one `npm run dev` starts beside this server (sandboxStarted).
    deferStart(() => {
      openAndStart().catch((error: unknown) => log.error("startup.failed", { error }));
    }, DEVELOPMENT_START_MAX_WAIT_MS);
    return;
  }
  await openAndStart();
}

/** The ledger, the sandbox's demo people or the setup link, and the background work. */
async function openAndStart(): Promise<void> {
  let ledger;
  try {
    ledger = await getLedger();
  } catch (error) {
    // Another process has the PGlite folder: this one must not serve (nor look ready) beside it.
    if (error instanceof LedgerFolderLockedError) refuse(error);
    throw error;
  }
  // Sandbox mode: its demo workspaces, people and credentials (logged, not fatal, when the sandbox cannot be asked yet).
  await ensureSandboxWorkspaces(ledger).catch(() => undefined);
  // A real API with no owner yet: the one-time setup link, printed once (it deliberately holds a secret: setup-link.ts).
  await announceSetupLink(ledger).catch((error: unknown) => log.error("setup.link_failed", { error }));
  if (appSettings().reconciler) {
    startReconciler();
    startBatchWorker();
  }
  startHousekeeping();
  // The payment links' counters, snapshotted on a steady beat for the insights (LINK_WATCH_INTERVAL_MS; 0: off).
  startLinkWatcher();
}
