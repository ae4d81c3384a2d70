import "server-only";
import { AsyncResource } from "node:async_hooks";

/**
 * Development only: start-up work held back until the first page has been sent, so that a newcomer's first
 * `npm run dev` does not compile its first page while the same two cores create the embedded ledger (seconds of
 * PostgreSQL's initdb) and start the background work. Whatever needs the ledger earlier opens it itself (getLedger).
 *
 * Instrumentation and the pages are separate module graphs in `next dev`, so the held work waits on globalThis.
 */
const KEY = Symbol.for("pix-ops-dashboard.deferred-start");
type DeferredGlobal = typeof globalThis & { [KEY]?: () => void };
const store = globalThis as DeferredGlobal;

/** Holds `work` until runDeferredStart() or `maxWaitMs`, whichever comes first; it runs once. */
export function deferStart(work: () => void, maxWaitMs: number): void {
  // Run in the context it was deferred from (the server's start), not in the request whose page let it go: what it
  // starts (the ledger, the background work) lives for the whole process and must not hold on to one request's state.
  const inStartContext = AsyncResource.bind(work);
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    clearTimeout(fallback);
    if (store[KEY] === run) delete store[KEY];
    inStartContext();
  };
  // No page asked for within the wait (a server only called by scripts, say): start anyway.
  const fallback = setTimeout(run, maxWaitMs);
  fallback.unref();
  store[KEY] = run;
}

/** Starts the held work, if any (the root layout calls it once a page has been sent). */
export function runDeferredStart(): void {
  store[KEY]?.();
}
