/**
 * Leases: at most one holder at a time for a named piece of work, across every
 * instance that shares the ledger (e.g. `payout:<business>:<key>` = sending that
 * payout). Times are the database's clock, so instances need not agree on theirs.
 *
 * A holder takes the lease for `ttlMs`, renews it while it works (holdLease does,
 * every ttl/3) and deletes it when done. A lease whose holder died expires and
 * may then be taken by anyone. Choose a ttl longer than the longest the work can
 * take between two renewals (for a payout send: the client's whole deadline).
 */
import { randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { serverClock } from "../clock";
import { after } from "../../shared/clock";
import { ledgerLeases } from "./schema";
import type { Ledger } from "./types";

/** This process, as a lease owner prefix (tells instances apart in the table). */
export const INSTANCE_ID = randomUUID();

export interface LeaseHandle {
  name: string;
  owner: string;
}

/** Takes the lease if it is free or expired; null when someone else holds it. */
export async function acquireLease(ledger: Ledger, name: string, ttlMs: number): Promise<LeaseHandle | null> {
  const owner = `${INSTANCE_ID}:${randomUUID()}`;
  const ms = Math.max(1, Math.trunc(ttlMs));
  const rows = await ledger.db
    .insert(ledgerLeases)
    .values({ name, owner, expiresAt: sql`now() + (${ms} * interval '1 millisecond')` })
    .onConflictDoUpdate({
      target: ledgerLeases.name,
      set: { owner, acquiredAt: sql`now()`, expiresAt: sql`now() + (${ms} * interval '1 millisecond')` },
      setWhere: sql`${ledgerLeases.expiresAt} <= now()`,
    })
    .returning({ owner: ledgerLeases.owner });
  return rows[0]?.owner === owner ? { name, owner } : null;
}

/** Extends a lease still held by `lease.owner`; false when it was lost (expired and taken). */
export async function renewLease(ledger: Ledger, lease: LeaseHandle, ttlMs: number): Promise<boolean> {
  const ms = Math.max(1, Math.trunc(ttlMs));
  const rows = await ledger.db
    .update(ledgerLeases)
    .set({ expiresAt: sql`now() + (${ms} * interval '1 millisecond')` })
    .where(and(eq(ledgerLeases.name, lease.name), eq(ledgerLeases.owner, lease.owner)))
    .returning({ name: ledgerLeases.name });
  return rows.length > 0;
}

export async function releaseLease(ledger: Ledger, lease: LeaseHandle): Promise<void> {
  await ledger.db
    .delete(ledgerLeases)
    .where(and(eq(ledgerLeases.name, lease.name), eq(ledgerLeases.owner, lease.owner)));
}

/** Whether anyone holds an unexpired lease of this name. */
export async function isLeaseHeld(ledger: Ledger, name: string): Promise<boolean> {
  const rows = await ledger.db
    .select({ name: ledgerLeases.name })
    .from(ledgerLeases)
    .where(and(eq(ledgerLeases.name, name), sql`${ledgerLeases.expiresAt} > now()`))
    .limit(1);
  return rows.length > 0;
}

/** Deletes leases that expired more than `olderThanMs` ago (their holders are gone). */
export async function purgeExpiredLeases(ledger: Ledger, olderThanMs = 60 * 60_000): Promise<number> {
  const ms = Math.max(0, Math.trunc(olderThanMs));
  const rows = await ledger.db
    .delete(ledgerLeases)
    .where(lt(ledgerLeases.expiresAt, sql`now() - (${ms} * interval '1 millisecond')`))
    .returning({ name: ledgerLeases.name });
  return rows.length;
}

/**
 * Deletes every lease. Only for a ledger that belongs to one process (a PGlite
 * folder), when that process opens it: any lease found then was taken by an
 * earlier process on the folder, which is gone (it crashed or was killed), so
 * nothing it leased is in flight any more. Without this, its payouts would wait
 * out the whole lease (the client's deadline + a margin) before being re-sent.
 */
export async function clearLeasesOfDeadOwners(ledger: Ledger): Promise<number> {
  try {
    const rows = await ledger.db.delete(ledgerLeases).returning({ name: ledgerLeases.name });
    return rows.length;
  } catch (error) {
    // A ledger migrated with another set of files (tests) may have no lease table: then there is nothing to release.
    if (undefinedTable(error)) return 0;
    throw error;
  }
}

/** PostgreSQL's 42P01 (undefined_table), as either driver reports it (drizzle may wrap it in `cause`). */
function undefinedTable(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === "object" && depth < 3;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === "42P01") return true;
  }
  return false;
}

export type LeaseOutcome<T> = { acquired: true; value: T } | { acquired: false };

/** The lease as its holder's work sees it. */
export interface HeldLease extends LeaseHandle {
  /**
   * Stops the renewals (waiting for one in flight) before the work's last
   * statement deletes the lease itself (see `released`).
   */
  stopRenewing(): Promise<void>;
  /** The work's own statement deleted the lease: holdLease does not delete it again. */
  released(): void;
}

export interface HoldOptions {
  ttlMs: number;
  /** How often to renew while `work` runs (default ttl/3). */
  renewEveryMs?: number;
  /** Told when a renewal finds the lease gone: the work may now overlap another holder's. */
  onLost?: (name: string) => void;
}

/**
 * Runs `work` while holding the lease `name`, renewing it in the background and
 * releasing it afterwards (also on a throw). `{ acquired: false }` when it is held.
 */
export async function holdLease<T>(
  ledger: Ledger,
  name: string,
  options: HoldOptions,
  work: (lease: HeldLease) => Promise<T>,
): Promise<LeaseOutcome<T>> {
  const lease = await acquireLease(ledger, name, options.ttlMs);
  if (!lease) return { acquired: false };
  const every = Math.max(10, Math.trunc(options.renewEveryMs ?? options.ttlMs / 3));
  let renewing: Promise<unknown> = Promise.resolve();
  let releasedByWork = false;
  const clock = serverClock();
  const stop = new AbortController();
  // Every `every` ms on the clock, whether or not the previous renewal has answered (like setInterval).
  const renewLater = (): void =>
    after(clock, every, stop.signal, () => {
      renewing = renewLease(ledger, lease, options.ttlMs)
        .then((held) => {
          if (!held) options.onLost?.(name);
        })
        .catch(() => undefined);
      renewLater();
    });
  renewLater();
  const stopRenewing = async () => {
    stop.abort();
    await renewing;
  };
  try {
    return {
      acquired: true,
      value: await work({ ...lease, stopRenewing, released: () => void (releasedByWork = true) }),
    };
  } finally {
    await stopRenewing();
    if (!releasedByWork) await releaseLease(ledger, lease).catch(() => undefined);
  }
}

export interface WaitOptions extends HoldOptions {
  /** How long to keep trying while someone else holds the lease (0: try once). */
  waitMs: number;
  /** How often to try again meanwhile (default 50 ms). */
  pollMs?: number;
}

/**
 * `holdLease`, but while another holder has the lease it tries again every
 * `pollMs` for up to `waitMs`: work on one thing then runs one holder at a time,
 * in turn. `{ acquired: false }` once the wait is over and the lease is still held.
 */
export async function holdLeaseWaiting<T>(
  ledger: Ledger,
  name: string,
  options: WaitOptions,
  work: () => Promise<T>,
): Promise<LeaseOutcome<T>> {
  const clock = serverClock();
  const giveUpAt = clock.now() + Math.max(0, options.waitMs);
  const pollMs = Math.max(1, Math.trunc(options.pollMs ?? 50));
  for (;;) {
    const held = await holdLease(ledger, name, options, work);
    if (held.acquired || clock.now() >= giveUpAt) return held;
    await clock.sleep(Math.min(pollMs, Math.max(1, giveUpAt - clock.now())));
  }
}
