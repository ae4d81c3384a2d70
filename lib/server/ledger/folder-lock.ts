/**
 * The lock that makes a PGlite data folder one process's: `dashboard.lock` in
 * the folder, naming its owner (pid, host, pid namespace, when it started). It
 * is created with link(2), which fails if the name exists, from a file already
 * fully written, so no one ever reads a half-written lock. It is deleted when
 * its owner closes the ledger or exits (normally, by process.exit, or on
 * SIGINT/SIGTERM). A lock left by a process killed outright (SIGKILL, power
 * loss) is taken over once its owner is known to be gone: by its pid when the
 * owner shares our host, boot and pid namespace, else by its heartbeat (the
 * owner touches the lock's mtime every few seconds). An owner that finds its
 * lock taken over stops the process at once. See docs/ledger.md.
 */
import { randomUUID } from "node:crypto";
import { linkSync, readFileSync, readlinkSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { z } from "zod";
import { DEFAULTS } from "@/lib/server/config/sections";
import { log } from "@/lib/server/log";

export const LOCK_FILE_NAME = "dashboard.lock";

const ownerSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  startedAt: z.string(),
  /** The process's start time in clock ticks since boot (Linux), telling it from a later process given the same pid. */
  processStart: z.string().nullable(),
  /** The machine's boot id (Linux): a lock from before a reboot has no live owner. */
  bootId: z.string().nullable(),
  /**
   * The owner's pid namespace (Linux, e.g. "pid:[4026531836]"): its pid means something here only in the same one.
   * Absent in locks written before it was recorded; they are judged by their pid, as they were then.
   */
  pidNamespace: z.string().nullable().optional(),
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
  /** Deletes the lock if it is still this one's, and stops its heartbeat; idempotent. */
  release(): void;
  /** One heartbeat now (the timer calls it): refreshes the lock, or calls `onLost` and returns false if it is no longer this one's. */
  heartbeat(): boolean;
}

export interface LockTiming {
  /** How often the owner refreshes its lock. */
  heartbeatMs: number;
  /** A lock not refreshed for this long, whose owner's pid cannot be checked, is a dead process's. */
  staleMs: number;
}

export const DEFAULT_LOCK_TIMING: LockTiming = {
  heartbeatMs: DEFAULTS.LEDGER_LOCK_HEARTBEAT_MS,
  staleMs: DEFAULTS.LEDGER_LOCK_STALE_MS,
};

export interface LockOptions extends Partial<LockTiming> {
  /** The clock (ms since the epoch) for heartbeats and staleness; tests pass their own. */
  now?: () => number;
  /** Called when a heartbeat finds the lock taken over; by default logs `ledger.folder_lock_lost` and exits the process with code 1. */
  onLost?: (lost: LostLock) => void;
}

export interface LostLock {
  file: string;
  /** Who has the lock now; null when it is gone or names no process. */
  owner: LockOwner | null;
}

/** The owner's pid was checked (same host, boot and pid namespace), or else its heartbeat. */
type Liveness =
  { alive: false } | { alive: true; heartbeat: null } | { alive: true; heartbeat: { at: number; staleAt: number } };

interface Judge {
  now: () => number;
  staleMs: number;
}

/** Locks this process took and has not released: deleted on exit. */
const held = new Map<string, string>();

/** Takes the folder's lock for this process, or throws LedgerFolderLockedError naming the process holding it. */
export function lockFolder(folder: string, options: LockOptions = {}): FolderLock {
  const file = path.join(folder, LOCK_FILE_NAME);
  const judge: Judge = { now: options.now ?? Date.now, staleMs: options.staleMs ?? DEFAULT_LOCK_TIMING.staleMs };
  const me = thisProcess();
  // Each pass either takes the lock, refuses, or removes a dead owner's lock; a handful is plenty.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(file, me, judge.now())) {
      held.set(file, me.nonce);
      releaseOnExit();
      return holdLock(file, me.nonce, options, judge.now);
    }
    const owner = readOwner(file);
    if (owner === "missing") continue;
    if (owner === "unreadable")
      throw new LedgerFolderLockedError(
        folder,
        null,
        `${file} exists but does not name a process; if no dashboard uses this folder, delete it`,
      );
    const liveness = ownerLiveness(owner, file, judge);
    if (liveness === "missing") continue;
    if (liveness.alive)
      throw new LedgerFolderLockedError(
        folder,
        owner,
        liveness.heartbeat ? `${ownerText(owner)}, ${heartbeatText(liveness.heartbeat)}` : ownerText(owner),
      );
    const taker = removeDeadOwnersLock(file, owner, me, judge);
    if (taker)
      throw new LedgerFolderLockedError(
        folder,
        taker,
        `${ownerText(taker)}, which is taking over the lock of a process that died`,
      );
  }
  throw new LedgerFolderLockedError(folder, null, `${file} kept changing while this process tried to take it`);
}

const ownerText = (owner: LockOwner) => `pid ${owner.pid} on ${owner.hostname}, started ${owner.startedAt}`;
const heartbeatText = ({ at, staleAt }: { at: number; staleAt: number }) =>
  `whose pid cannot be checked from here (another pid namespace such as another container, another boot, or another host); ` +
  `it last refreshed the lock at ${new Date(at).toISOString()} and is considered stopped if it does not refresh it by ${new Date(staleAt).toISOString()}`;

/** Starts the owner's heartbeat: an unref'd timer touching the lock, which also finds out if another process took it over. */
function holdLock(file: string, nonce: string, options: LockOptions, now: () => number): FolderLock {
  const onLost = options.onLost ?? stopProcess;
  let timer: NodeJS.Timeout | null = null;
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const heartbeat = (): boolean => {
    if (held.get(file) !== nonce) return false;
    let current: LockOwner | "missing" | "unreadable";
    try {
      current = readOwner(file);
      if (typeof current === "object" && current.nonce === nonce) {
        touch(file, now());
        return true;
      }
    } catch (error) {
      // The folder could not be read (a storage hiccup): the next beat tries again; the lock is still ours as far as we know.
      log.warn("ledger.folder_lock_heartbeat_failed", { file, error });
      return true;
    }
    stop();
    held.delete(file);
    onLost({ file, owner: typeof current === "object" ? current : null });
    return false;
  };
  timer = setInterval(heartbeat, options.heartbeatMs ?? DEFAULT_LOCK_TIMING.heartbeatMs);
  timer.unref();
  return {
    file,
    heartbeat,
    release: () => {
      stop();
      release(file, nonce);
    },
  };
}

/**
 * Another process took this process's lock over (it was frozen or cut off past the staleness limit): it now writes
 * the folder, and two writers corrupt it, so this one stops at once without closing or writing anything more.
 */
function stopProcess(lost: LostLock): void {
  log.error("ledger.folder_lock_lost", {
    file: lost.file,
    holder: lost.owner ? ownerText(lost.owner) : "none",
    note: "Another process has this ledger folder's lock; stopping this one at once so two processes never write it.",
  });
  process.exit(1);
}

/**
 * Deletes the lock of a dead owner. Only the process that creates the takeover
 * marker for that very lock may delete it, so two processes finding it at once
 * cannot both delete it (the second would delete the first's new lock). Returns
 * the owner of a live marker: another process is taking over.
 */
function removeDeadOwnersLock(file: string, dead: LockOwner, me: LockOwner, judge: Judge): LockOwner | null {
  const marker = `${file}.takeover-${dead.nonce}`;
  if (!createExclusive(marker, me, judge.now())) {
    const taker = readOwner(marker);
    if (typeof taker !== "object") return null;
    const liveness = ownerLiveness(taker, marker, judge);
    if (liveness !== "missing" && liveness.alive) return taker;
    // The taker died in the middle: its marker goes too, and the next pass tries again.
    unlinkIfPresent(marker);
    return null;
  }
  try {
    // Judged again under the marker: an owner judged by its heartbeat may have refreshed it meanwhile.
    const current = readOwner(file);
    if (typeof current === "object" && current.nonce === dead.nonce) {
      const liveness = ownerLiveness(current, file, judge);
      if (liveness !== "missing" && !liveness.alive) unlinkIfPresent(file);
    }
  } finally {
    unlinkIfPresent(marker);
  }
  return null;
}

/** Writes `owner` to a file of its own, then links it to `file`: atomic, and never seen half-written. Its mtime is its first heartbeat. */
function createExclusive(file: string, owner: LockOwner, now: number): boolean {
  const draft = `${file}.${owner.pid}.${randomUUID()}.tmp`;
  writeFileSync(draft, `${JSON.stringify(owner)}\n`, { flag: "wx", mode: 0o644 });
  try {
    touch(draft, now);
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

/**
 * Whether the owner of the lock (or takeover marker) `file` still runs. Its pid is checked only when it shares our
 * host name, boot and pid namespace: elsewhere (another container with its own pid namespace, even on this machine
 * under the same host name) a pid means nothing here, so it is judged by the file's heartbeat (mtime) instead.
 */
function ownerLiveness(owner: LockOwner, file: string, judge: Judge): Liveness | "missing" {
  if (pidIsCheckable(owner)) return pidRuns(owner) ? { alive: true, heartbeat: null } : { alive: false };
  let at: number;
  try {
    at = statSync(file).mtimeMs;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return "missing";
    throw error;
  }
  const staleAt = at + judge.staleMs;
  return judge.now() < staleAt ? { alive: true, heartbeat: { at, staleAt } } : { alive: false };
}

function pidIsCheckable(owner: LockOwner): boolean {
  if (owner.hostname !== hostname() || owner.bootId !== readBootId()) return false;
  return owner.pidNamespace === undefined || owner.pidNamespace === readPidNamespace();
}

/** Whether the process `owner.pid` (in our pid namespace) is the lock's owner and runs. */
function pidRuns(owner: LockOwner): boolean {
  if (owner.pid === process.pid) {
    // Our pid: this process's own lock (a second open of the folder here), or one left by an earlier process that had our pid.
    return [...held.values()].includes(owner.nonce);
  }
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    if (errorCode(error) !== "EPERM") return false;
  }
  const stat = procStat(owner.pid);
  if (stat === "unavailable") return true;
  // A zombie (killed, not yet reaped) runs nothing; a different start time is a later process that was given the same pid.
  if (stat === null || stat.state === "Z" || stat.state === "X") return false;
  return !owner.processStart || stat.start === owner.processStart;
}

function thisProcess(): LockOwner {
  const stat = procStat(process.pid);
  return {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date(Date.now() - Math.round(process.uptime() * 1000)).toISOString(),
    processStart: stat && stat !== "unavailable" ? stat.start : null,
    bootId: readBootId(),
    pidNamespace: readPidNamespace(),
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

/** The pid namespace this process runs in (Linux); null where there is none to read. */
function readPidNamespace(): string | null {
  try {
    return readlinkSync("/proc/self/ns/pid");
  } catch {
    return null;
  }
}

function touch(file: string, now: number): void {
  const at = new Date(now);
  utimesSync(file, at, at);
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

const errorCode = (error: unknown): unknown =>
  error && typeof error === "object" ? (error as { code?: unknown }).code : undefined;
