import "server-only";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { ledgerSettings, type Env } from "@/lib/server/config";
import { DEFAULT_LEDGER_DIR, parseLedgerSettings } from "@/lib/server/config/sections";
import { log } from "@/lib/server/log";
import { guardLedgerQueryErrors } from "./errors";
import { lockFolder, type LockTiming } from "./folder-lock";
import { clearLeasesOfDeadOwners } from "./leases";
import { migrateLedger } from "./migrate";
import * as schema from "./schema";
import type { Ledger } from "./types";

export type { Ledger, LedgerDatabase, LedgerDriver } from "./types";

export interface LedgerOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data folder, or `memory://` (the default here) for a throwaway in-memory store. */
  dataDir?: string;
  /** Folder of the SQL migrations (default: `LEDGER_MIGRATIONS_DIR` or `<cwd>/lib/server/ledger/migrations`). */
  migrationsDir?: string;
  /** Pool size for PostgreSQL (default 10). */
  maxConnections?: number;
  /** The PGlite folder lock's heartbeat and staleness (default: LEDGER_LOCK_HEARTBEAT_MS, LEDGER_LOCK_STALE_MS). */
  lock?: LockTiming;
}

// No query error leaves the ledger with its parameters (lib/server/ledger/errors.ts).
guardLedgerQueryErrors();

export const MEMORY_DIR = "memory://";
export { DEFAULT_LEDGER_DIR };

/** Opens a new ledger (not the shared one) and brings its schema up to date. */
export async function createLedger(options: LedgerOptions = {}): Promise<Ledger> {
  const ledger = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.maxConnections ?? 10)
    : await openPglite(options.dataDir ?? MEMORY_DIR, options.lock ?? ledgerSettings().lock);
  try {
    await migrateLedger(ledger.db, options.migrationsDir);
    // This process holds the PGlite folder's lock (openPglite), so any lease in it is a
    // dead process's. (On a shared PostgreSQL they may be another live instance's, so they stay.)
    if (ledger.driver === "pglite") {
      const cleared = await clearLeasesOfDeadOwners(ledger);
      if (cleared > 0)
        log.info("ledger.stale_leases_released", {
          count: cleared,
          note: "left by a process that stopped without releasing them",
        });
    }
  } catch (error) {
    await ledger.close().catch(() => undefined);
    throw error;
  }
  return ledger;
}

function openPostgres(connectionString: string, max: number): Ledger {
  const pool = new Pool({ connectionString, max });
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on("error", (error) => log.error("ledger.idle_connection_failed", { error }));
  const db = drizzlePostgres({ client: pool, schema });
  return { db, driver: "postgres", close: () => pool.end() };
}

// PostgreSQL's default 128 MB of shared buffers lives inside PGlite's WASM memory, in the
// server's own process; the ledger's working set is far smaller (docs/performance.md, "Server memory").
// work_mem: at the default 4 MB the planner sorted the insights' grouping of a 90-day register (it cannot tell how
// few groups a width_bucket makes) and the sort spilled to PGlite's disk; with 16 MB it hashes in memory, about
// twice as fast (docs/performance.md, "Insights"). PGlite has one session, so it is 16 MB per sort or hash at most.
// random_page_cost: PGlite's pages are files read through Node from the system's cache, where a page out of order
// costs what the next one does (PostgreSQL's default of 4 assumes spinning disks). With it, and the visibility map
// its housekeeping vacuum keeps (maintenance.ts), the insights' series reads the covering index instead of the table.
const PGLITE_OPTIONS = {
  startParams: [
    ...PGlite.defaultStartParams,
    ...["-c", "shared_buffers=16MB", "-c", "work_mem=16MB", "-c", "random_page_cost=1.1"],
  ],
};

async function openPglite(dataDir: string, lockTiming: LockTiming): Promise<Ledger> {
  if (dataDir.startsWith(MEMORY_DIR)) {
    const client = await PGlite.create(PGLITE_OPTIONS);
    return { db: drizzlePglite({ client, schema }), driver: "pglite", close: () => client.close() };
  }
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  // Before anything reads the folder: a second process on it would corrupt it (LedgerFolderLockedError names the first).
  const lock = lockFolder(dir, lockTiming);
  let client: PGlite;
  try {
    client = await PGlite.create(dir, PGLITE_OPTIONS);
  } catch (error) {
    lock.release();
    throw error;
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      lock.release();
    }
  };
  return { db: drizzlePglite({ client, schema }), driver: "pglite", close };
}

/** Options of the shared ledger from the configuration: DATABASE_URL, else LEDGER_DIR, else DATA_DIR/ledger; `env` parses the given variables instead. */
export function ledgerOptionsFromEnv(env?: Env): LedgerOptions {
  const settings = env ? parseLedgerSettings(env) : ledgerSettings();
  return settings.databaseUrl ? { databaseUrl: settings.databaseUrl } : { dataDir: settings.dataDir };
}

// One ledger per process, kept on globalThis so Next's dev module reloads reuse it
// (a second PGlite on the same folder would corrupt it).
const GLOBAL_KEY = Symbol.for("pix-ops-dashboard.ledger");
type LedgerGlobal = typeof globalThis & { [GLOBAL_KEY]?: Promise<Ledger> };
const store = globalThis as LedgerGlobal;

/** The process-wide ledger, opened and migrated on first use. */
export function getLedger(): Promise<Ledger> {
  let pending = store[GLOBAL_KEY];
  if (!pending) {
    pending = createLedger(ledgerOptionsFromEnv());
    store[GLOBAL_KEY] = pending;
    // A failed start (database down, bad migration) is not cached: the next call retries.
    pending.catch(() => {
      if (store[GLOBAL_KEY] === pending) delete store[GLOBAL_KEY];
    });
  }
  return pending;
}

/** Closes the process-wide ledger, if one was opened; the next getLedger() opens a new one. */
export async function closeLedger(): Promise<void> {
  const pending = store[GLOBAL_KEY];
  if (!pending) return;
  delete store[GLOBAL_KEY];
  const ledger = await pending.catch(() => null);
  await ledger?.close();
}

/**
 * Runs `work` in one transaction: every ledger call made with the ledger it is
 * given commits together or not at all (state and its audit entry, say).
 */
export function inTransaction<T>(ledger: Ledger, work: (tx: Ledger) => Promise<T>): Promise<T> {
  return ledger.db.transaction((db) => work({ ...ledger, db }));
}
