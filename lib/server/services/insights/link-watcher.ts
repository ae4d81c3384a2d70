import "server-only";
import { serverClock } from "@/lib/server/clock";
import { linkWatchConfig } from "@/lib/server/config";
import { toBffError } from "@/lib/server/errors/classify";
import {
  claimBackgroundPass,
  getLedger,
  LINK_COUNTERS_KEPT_MS,
  listBusinessesWithCredential,
  thinLinkCounters,
  type Ledger,
} from "@/lib/server/ledger";
import { log } from "@/lib/server/log";
import type { Credential, PaymentsClient } from "@/lib/server/payments-api/client";
import { apiClientFor } from "@/lib/server/payments-api/for-credential";
import { provisionedCredentials } from "@/lib/server/security/credential-vault";
import { backgroundCredentials } from "@/lib/server/services/payouts/background-credential";
import { normaliseBusinessId } from "@/lib/shared/schemas/business-id";
import { clockAheadMs, observeLinkCounters, readLinks } from "./link-counters";

/*
 * The link-counter watcher (docs/insights.md, "Payment links"; docs/reliability.md, "Background work"): the API keeps
 * no history of the links' counters, so the dashboard reads every workspace's link list on a steady beat and keeps a
 * snapshot, and the revenue of a window is measured between snapshots close to its edges whether or not anyone opened
 * the insights. Each workspace is claimed once per interval across every instance sharing the ledger
 * (`claimBackgroundPass`), so several instances do not read the same list twice.
 */

/** The claim of one workspace's read (one row of background_passes per business). */
export const linkWatchPassName = (businessId: string) => `link_counters:${businessId}`;

/** The claim of one workspace's retention (once a day): snapshots older than LINK_COUNTERS_KEPT_MS are thinned. */
export const linkThinPassName = (businessId: string) => `link_counters_thin:${businessId}`;
const THIN_EVERY_MS = 86_400_000;

export interface LinkWatchSummary {
  /** Workspaces with an API key (stored, or the environment's). */
  workspaces: number;
  /** Lists read and recorded. */
  read: number;
  /** Read less than an interval ago (here or on another instance): left for a later pass. */
  notDue: number;
  /** No usable key this pass (a stored key that does not open: logged by the credential reader). */
  noCredential: number;
  /** The read or the write failed: logged, and the pass went on. */
  failed: number;
  /** Snapshot rows written. */
  rows: number;
  /** Old snapshot and list-read rows removed by the daily retention (`thinLinkCounters`). */
  thinned: number;
  /** This server's clock is over a minute ahead of the database's: nothing claimed or read (logged). */
  clockAhead: boolean;
}

export interface LinkWatchOptions {
  intervalMs: number;
  /** The client a workspace's key reads with (tests may slow or break one workspace's). */
  clientFor?: (credential: Credential, businessId: string) => PaymentsClient;
}

/** Every business with an API key: the vault's current ones and the one the environment provisions. */
async function workspacesWithApiKey(ledger: Ledger): Promise<string[]> {
  const ids = new Set(await listBusinessesWithCredential(ledger, "api_key"));
  const provisioned = provisionedCredentials();
  if (provisioned?.credentials.api_key) ids.add(normaliseBusinessId(provisioned.businessId));
  return [...ids].sort();
}

/**
 * One pass: for every workspace with an API key whose last read is at least `intervalMs` old (on the server's clock),
 * read its link list with that key and record the counters as of the instant the read began. A workspace that fails
 * (the API refuses the key, times out, the write fails) is logged and the pass goes on to the next.
 */
export async function watchLinkCounters(ledger: Ledger, options: LinkWatchOptions): Promise<LinkWatchSummary> {
  const clock = serverClock();
  const clientFor = options.clientFor ?? ((credential: Credential) => apiClientFor(credential));
  const credentialFor = backgroundCredentials(ledger);
  const businesses = await workspacesWithApiKey(ledger);
  const summary: LinkWatchSummary = {
    workspaces: businesses.length,
    read: 0,
    notDue: 0,
    noCredential: 0,
    failed: 0,
    rows: 0,
    thinned: 0,
    clockAhead: false,
  };
  // Claims and snapshots are stamped with this server's clock: one running ahead would claim passes before the
  // others and write rows the windows skip, so it leaves the work to them.
  const ahead = await clockAheadMs(ledger, clock.now());
  if (ahead > 0) {
    log.warn("link_watch.clock_ahead", { aheadMs: ahead });
    return { ...summary, clockAhead: true };
  }
  for (const businessId of businesses) {
    try {
      const now = clock.now();
      if (!(await claimBackgroundPass(ledger, linkWatchPassName(businessId), new Date(now), options.intervalMs))) {
        summary.notDue += 1;
        continue;
      }
      const credential = await credentialFor(businessId, null);
      if (!credential) {
        summary.noCredential += 1;
        continue;
      }
      const result = await clientFor(credential, businessId).listPaymentLinkItems();
      const written = await observeLinkCounters({ ledger, businessId }, readLinks(result.data), now, {
        rethrow: true,
      });
      summary.read += 1;
      summary.rows += written;
      if (await claimBackgroundPass(ledger, linkThinPassName(businessId), new Date(now), THIN_EVERY_MS))
        summary.thinned += await thinLinkCounters(ledger, businessId, new Date(now - LINK_COUNTERS_KEPT_MS));
    } catch (error) {
      summary.failed += 1;
      const bff = toBffError(error);
      log.warn("link_watch.workspace_failed", { businessId, code: bff.code, requestId: bff.extra.requestId ?? null });
    }
  }
  return summary;
}

const globalForWatcher = globalThis as typeof globalThis & { __pixopsLinkWatcher?: NodeJS.Timeout };

/** How often the timer looks for due workspaces: a fifth of the interval, so a read is at most 1.2 intervals apart. */
export const watchTickMs = (intervalMs: number) => Math.max(1_000, Math.floor(intervalMs / 5));

/**
 * Runs the watcher now and then every fifth of LINK_WATCH_INTERVAL_MS in this process (once per process); nothing
 * when the setting is 0. Each workspace is still read at most once per interval across every instance.
 */
export function startLinkWatcher(): void {
  if (globalForWatcher.__pixopsLinkWatcher) return;
  const { intervalMs } = linkWatchConfig();
  if (intervalMs === null) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const summary = await watchLinkCounters(await getLedger(), { intervalMs });
      if (summary.read > 0 || summary.failed > 0) log.info("link_watch.pass", { summary });
    } catch (error) {
      log.error("link_watch.pass_failed", { error });
    } finally {
      running = false;
    }
  };
  void tick();
  globalForWatcher.__pixopsLinkWatcher = setInterval(() => void tick(), watchTickMs(intervalMs));
  globalForWatcher.__pixopsLinkWatcher.unref();
}

/** Stops this process's watcher (tests; a server stops with its process). */
export function stopLinkWatcher(): void {
  clearInterval(globalForWatcher.__pixopsLinkWatcher);
  globalForWatcher.__pixopsLinkWatcher = undefined;
}
