/**
 * The lock that makes a PGlite data folder one process's: `dashboard.lock` in
 * the folder, naming its owner (pid, host, when it started). It is created with
 * link(2), which fails if the name exists, from a file already fully written, so
 * no one ever reads a half-written lock. It is deleted when its owner closes the
 * ledger or exits (normally, by process.exit, or on SIGINT/SIGTERM); a lock left
 * by a process killed outright (SIGKILL, power loss) is recognised because its
 * owner is no longer running, and is taken over. See docs/ledger.md.
 */
import { randomUUID } from "node:crypto";
import { linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { z } from "zod";

export const LOCK_FILE_NAME = "dashboard.lock";

const ownerSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  startedAt: z.string(),
  /** The process's start time in clock ticks since boot (Linux), telling it from a later process given the same pid. */
  processStart: z.string().nullable(),
  /** The machine's boot id (Linux): a lock from before a reboot has no live owner. */
  bootId: z.string().nullable(),
  /** This lock's own id: a process deletes a lock only if it is the one it wrote. */
  nonce: z.string(),
});
export type LockOwner = z.infer<typeof ownerSchema>;

export class LedgerFolderLockedError extends Error {
  override readonly name = "LedgerFolderLockedError";
  constructor(
    readonly folder: string,
    readonly owner: LockOwner | null,
    detail: string,
  ) {
    super(
      `The ledger folder ${folder} is in use by another dashboard process: ${detail}. Two processes on one PGlite folder corrupt it, ` +
        `so this one does not open it. Stop that process first, or give this one its own LEDGER_DIR (several instances: share one DATABASE_URL).`,
    );
  }
}

export interface FolderLock {
  readonly file: string;
  /** Deletes the lock if it is still this one's; idempotent. */
  release(): void;
}

/** Locks this process took and has not released: deleted on exit. */
const held = new Map<string, string>();

/** Takes the folder's lock for this process, or throws LedgerFolderLockedError naming the process holding it. */
export function lockFolder(folder: string): FolderLock {
  const file = path.join(folder, LOCK_FILE_NAME);
  const me = thisProcess();
  // Each pass either takes the lock, refuses, or removes a dead owner's lock; a handful is plenty.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(file, me)) {
      held.set(file, me.nonce);
      releaseOnExit();
      return { file, release: () => release(file, me.nonce) };
    }
    const owner = readOwner(file);
    if (owner === "missing") continue;
    if (owner === "unreadable") throw new LedgerFolderLockedError(folder, null, `${file} exists but does not name a process; if no dashboard uses this folder, delete it`);
    const state = ownerState(owner);
    if (state === "elsewhere") throw new LedgerFolderLockedError(folder, owner, `${ownerText(owner)}, on another host whose processes cannot be checked from here; if no dashboard runs there on this folder, delete ${file}`);
    if (state === "running") throw new LedgerFolderLockedError(folder, owner, ownerText(owner));
    const taker = removeDeadOwnersLock(file, owner, me);
    if (taker) throw new LedgerFolderLockedError(folder, taker, `${ownerText(taker)}, which is taking over the lock of a process that died`);
  }
  throw new LedgerFolderLockedError(folder, null, `${file} kept changing while this process tried to take it`);
}

const ownerText = (owner: LockOwner) => `pid ${owner.pid} on ${owner.hostname}, started ${owner.startedAt}`;

/**
 * Deletes the lock of a dead owner. Only the process that creates the takeover
 * marker for that very lock may delete it, so two processes finding it at once
 * cannot both delete it (the second would delete the first's new lock). Returns
 * the owner of a live marker: another process is taking over.
 */
function removeDeadOwnersLock(file: string, dead: LockOwner, me: LockOwner): LockOwner | null {
  const marker = `${file}.takeover-${dead.nonce}`;
  if (!createExclusive(marker, me)) {
    const taker = readOwner(marker);
    if (typeof taker !== "object") return null;
    if (ownerState(taker) === "running") return taker;
    // The taker died in the middle: its marker goes too, and the next pass tries again.
    unlinkIfPresent(marker);
    return null;
  }
  try {
    const current = readOwner(file);
    if (typeof current === "object" && current.nonce === dead.nonce) unlinkIfPresent(file);
  } finally {
    unlinkIfPresent(marker);
  }
  return null;
}

/** Writes `owner` to a file of its own, then links it to `file`: atomic, and never seen half-written. */
function createExclusive(file: string, owner: LockOwner): boolean {
  const draft = `${file}.${owner.pid}.${randomUUID()}.tmp`;
  writeFileSync(draft, `${JSON.stringify(owner)}\n`, { flag: "wx", mode: 0o644 });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  } finally {
    unlinkIfPresent(draft);
  }
}

function readOwner(file: string): LockOwner | "missing" | "unreadable" {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return "missing";
    throw error;
  }
  try {
    const parsed = ownerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : "unreadable";
  } catch {
    return "unreadable";
  }
}

/** Whether the process a lock names still runs: "elsewhere" when it is on another host. */
export function ownerState(owner: LockOwner): "running" | "dead" | "elsewhere" {
  if (owner.hostname !== hostname()) return "elsewhere";
  const bootId = readBootId();
  if (owner.bootId && bootId && owner.bootId !== bootId) return "dead";
  if (owner.pid === process.pid) {
    // Our pid: this process's own lock (a second open of the folder here), or one left by an earlier process that had our pid.
    return [...held.values()].includes(owner.nonce) ? "running" : "dead";
  }
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    if (errorCode(error) !== "EPERM") return "dead";
  }
  const stat = procStat(owner.pid);
  if (stat === "unavailable") return "running";
  // A zombie (killed, not yet reaped) runs nothing; a different start time is a later process that was given the same pid.
  if (stat === null || stat.state === "Z" || stat.state === "X") return "dead";
  if (owner.processStart && stat.start !== owner.processStart) return "dead";
  return "running";
}

function thisProcess(): LockOwner {
  const stat = procStat(process.pid);
  return {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date(Date.now() - Math.round(process.uptime() * 1000)).toISOString(),
    processStart: stat && stat !== "unavailable" ? stat.start : null,
    bootId: readBootId(),
    nonce: randomUUID(),
  };
}

/** State and start time of a process from /proc (Linux); null when it has none, "unavailable" without /proc. */
function procStat(pid: number): { state: string; start: string } | null | "unavailable" {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT" && procAvailable()) return null;
    return "unavailable";
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses; the fields after its last ")" are plain.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const state = fields[0];
  const start = fields[19]; // field 22, starttime
  return state && start ? { state, start } : "unavailable";
}

function procAvailable(): boolean {
  try {
    readFileSync("/proc/self/stat");
    return true;
  } catch {
    return false;
  }
}

function readBootId(): string | null {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || null;
  } catch {
    return null;
  }
}

function release(file: string, nonce: string): void {
  if (held.get(file) !== nonce) return;
  held.delete(file);
  const current = readOwner(file);
  if (typeof current === "object" && current.nonce === nonce) unlinkIfPresent(file);
}

function releaseAll(): void {
  for (const [file, nonce] of [...held]) {
    try {
      release(file, nonce);
    } catch {
      // Exiting: a lock that cannot be deleted is left for the next process to find dead.
    }
  }
}

let hooked = false;

/**
 * Deletes this process's locks when it exits. On SIGINT/SIGTERM with no other
 * listener (Next.js has its own, which exit through process.exit), it deletes
 * them and then dies of the signal as it would have without this listener.
 */
function releaseOnExit(): void {
  if (hooked) return;
  hooked = true;
  process.on("exit", releaseAll);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      if (process.listenerCount(signal) > 0) return;
      releaseAll();
      process.kill(process.pid, signal);
    });
  }
}

function unlinkIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
}

const errorCode = (error: unknown): unknown => (error && typeof error === "object" ? (error as { code?: unknown }).code : undefined);
